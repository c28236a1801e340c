// @ts-check
/** Product pages; they use the service layout (sub-menu, order modal). */
export const servicePages = /** @type {const} */ (['epc', 'vag', 'tis', 'spec', 'moto', 'supplier', 'apk', 'to', 'vehicle']);

/** Pages of the default layout, by path below the locale ('' is the index). */
export const defaultPages = /** @type {const} */ (['', 'about', 'pay', 'about/docs', 'about/oferta', 'about/privacy']);

/**
 * The pre-rendered variants of a product page: for a visitor in Russia (language switch and
 * login shown) and for everyone else. The edge router serves /{locale}/{page} from
 * /{locale}/{variant}/{page}; the variant paths themselves are not public.
 */
export const geoVariants = /** @type {const} */ (['geo-ru', 'geo-world']);

/**
 * @param {string | undefined} segment
 * @returns {segment is typeof servicePages[number]}
 */
export function isServicePage(segment) {
  return /** @type {readonly string[]} */ (servicePages).includes(segment ?? '');
}

/**
 * @param {string | undefined} segment
 * @returns {segment is typeof geoVariants[number]}
 */
export function isGeoVariant(segment) {
  return /** @type {readonly string[]} */ (geoVariants).includes(segment ?? '');
}

/**
 * The order form's outcome as a pre-rendered variant of a product page: the server answers the
 * form post with 303 to `?order=sent|invalid`, and the router serves the matching variant so the
 * message shows without JavaScript.
 */
export const orderResultVariants = /** @type {const} */ (['order-sent', 'order-invalid']);

/**
 * The variant segment for a query's `order` value, if any.
 * @param {string | null} order
 */
export function orderResultSegment(order) {
  return order === 'sent' || order === 'invalid' ? `order-${order}` : undefined;
}

/**
 * Sections rendered per request and never pre-rendered (the sales desk): the edge hands them to
 * Next.js as they are, `Cache-Control: no-store`, with the per-response nonce.
 */
export const dynamicSections = /** @type {const} */ (['desk']);

/**
 * @param {string | undefined} segment
 */
export function isDynamicSection(segment) {
  return /** @type {readonly string[]} */ (dynamicSections).includes(segment ?? '');
}
