import { isUuid } from '../lib/uuid.mjs';
import { isListedIn, products } from './products.mjs';

/** Product pages, one for each product of src/site/products.mjs; they use the service layout (sub-menu, order modal). */
export const servicePages = /** @type {readonly import('./products.mjs').ProductId[]} */ (products.map((product) => product.id));
/** @typedef {typeof servicePages[number]} ServicePage */

/** Pages of the default layout, by path below the locale ('' is the index). */
export const defaultPages = /** @type {const} */ (['', 'about', 'pay', 'about/docs', 'about/oferta', 'about/privacy', 'about/consent']);

/** Every public page path below the locale, in sitemap order. */
export const allPages = /** @type {readonly string[]} */ ([...defaultPages, ...servicePages]);

/**
 * The pages a language's sitemap lists: every page but the products that language does not list
 * (Проценка in English: sold in Russia only).
 * @param {import('./locales.mjs').Locale} locale
 */
export function sitemapPages(locale) {
  return allPages.filter((page) => !isServicePage(page) || isListedIn(page, locale));
}

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
 * form post with 303 to `?order=sent|invalid`, and the router serves the matching variant
 * (`order-sent`, `order-invalid`) so the message shows without JavaScript.
 * @typedef {'sent' | 'invalid'} OrderResult
 */
const orderResults = /** @type {const} */ (['sent', 'invalid']);
const ORDER_VARIANT_PREFIX = 'order-';

/** @type {readonly `order-${OrderResult}`[]} */
export const orderResultVariants = orderResults.map((result) => /** @type {const} */ (`${ORDER_VARIANT_PREFIX}${result}`));

/**
 * @param {string | null | undefined} value
 * @returns {value is OrderResult}
 */
function isOrderResult(value) {
  return /** @type {readonly (string | null | undefined)[]} */ (orderResults).includes(value);
}

/**
 * The variant segment for a query's `order` value, if any.
 * @param {string | null | undefined} order
 */
export function orderResultSegment(order) {
  return isOrderResult(order) ? /** @type {const} */ (`${ORDER_VARIANT_PREFIX}${order}`) : undefined;
}

/**
 * The outcome a variant segment shows, if it is one: the inverse of orderResultSegment.
 * @param {string | null | undefined} segment
 * @returns {OrderResult | undefined}
 */
export function orderResultOf(segment) {
  const order = segment?.startsWith(ORDER_VARIANT_PREFIX) ? segment.slice(ORDER_VARIANT_PREFIX.length) : undefined;
  return isOrderResult(order) ? order : undefined;
}

/**
 * The query field naming a refused order post's draft (what was typed and each field's error,
 * kept by the server for a few minutes, src/server/leads/order-drafts.ts): `?order=invalid&draft=<id>`.
 * Such a page is rendered per request (the answer route of decision 014) with the draft in its form.
 */
export const ORDER_DRAFT_FIELD = 'draft';

/**
 * Whether a query names an order draft (an id of its form, 22 characters of base64url).
 * @param {URLSearchParams} query
 */
export function hasOrderDraft(query) {
  return query.get('order') === 'invalid' && /^[A-Za-z0-9_-]{22}$/.test(query.get(ORDER_DRAFT_FIELD) ?? '');
}

/**
 * The query fields of a product page's tool (a product's `tool` in src/site/products.mjs):
 * with any of them given, the page is not the pre-rendered one but `/{locale}/{variant}/{page}/answer`,
 * which Next.js renders per request with the tool's answer in it, so that it shows without
 * JavaScript (docs/decisions/014).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
const toolQueryFields = Object.fromEntries(products.flatMap((product) => ('tool' in product ? [[product.id, product.tool]] : [])));
/** @typedef {Extract<import('./products.mjs').Product, { tool: readonly string[] }>['id']} ToolPage */

/**
 * Whether a product page has a tool (its own routes, so that the tool's scripts load on it alone).
 * @param {string | undefined} page
 * @returns {page is ToolPage}
 */
export function isToolPage(page) {
  return page !== undefined && Object.hasOwn(toolQueryFields, page);
}

/** The segment of a tool's answer below its product page. */
export const TOOL_ANSWER_SEGMENT = 'answer';

/**
 * Whether a query asks a product page's tool for an answer (a field of the tool with a value).
 * @param {string} page
 * @param {URLSearchParams} query
 */
export function asksTool(page, query) {
  const fields = Object.hasOwn(toolQueryFields, page) ? toolQueryFields[page] : undefined;
  return fields !== undefined && fields.some((field) => query.getAll(field).some((value) => value.trim() !== ''));
}

/**
 * An invoice's page in the partner area, `auth/account/invoices/<id>`: every invoice is served the
 * one pre-rendered page `auth/account/invoice`, whose scripts read the id from the address and
 * the invoice from the API with the visitor's token (the page itself holds nothing private). That
 * page's own address is not public.
 */
export const INVOICE_SHELL = 'auth/account/invoice';

/**
 * Whether a value has the form of an invoice's id (a UUID).
 * @param {string | null | undefined} value
 */
export function isInvoiceId(value) {
  return isUuid(value);
}

/**
 * Whether the segments below the locale are an invoice's page (`auth/account/invoices/<uuid>`).
 * @param {readonly string[]} segments
 */
export function isInvoicePage(segments) {
  return segments.length === 4 && segments[0] === 'auth' && segments[1] === 'account' && segments[2] === 'invoices' && isInvoiceId(segments[3]);
}

/**
 * Sections rendered per request and never pre-rendered (the sales desk): the edge hands them to
 * Next.js as they are, `Cache-Control: no-store`, with the per-response nonce.
 */
const dynamicSections = /** @type {const} */ (['desk']);

/**
 * @param {string | undefined} segment
 */
export function isDynamicSection(segment) {
  return /** @type {readonly string[]} */ (dynamicSections).includes(segment ?? '');
}

/**
 * Sections whose pages hold a person's secrets: the partner area with its sign-in (a password, the
 * company's invoices and requisites) and the sales desk (staff and customers' personal data).
 */
const privateSections = /** @type {const} */ (['auth', ...dynamicSections]);

/**
 * Whether the page at `path` (`/{locale}/…`, as the edge routes it) is in a private section.
 * @param {string} path
 */
export function isPrivatePage(path) {
  return /** @type {readonly string[]} */ (privateSections).includes(path.split('/')[2] ?? '');
}

/**
 * The public address of a route below the locale, the inverse of the edge's mapping: the segments
 * of the route tree (without route groups and the visitor variant) give the page, and a product
 * page's order-outcome variant (`epc/order-sent`) gives its query (`order=sent`). A tool's answer
 * route (`tis/answer`) is its product page with the request's own query, which the route tree
 * does not hold (`query` is then undefined). The language switch and the sub-menu read it, so
 * that no internal path reaches a link.
 * @param {readonly string[]} segments
 * @returns {{ page: string; query: string | undefined }}
 */
export function publicAddressOf(segments) {
  const [first, second] = segments;
  if (segments.length === 2 && isServicePage(first)) {
    if (second === TOOL_ANSWER_SEGMENT && isToolPage(first)) return { page: first, query: undefined };
    const order = orderResultOf(second);
    if (order) return { page: first, query: new URLSearchParams({ order }).toString() };
  }
  return { page: segments.join('/'), query: '' };
}
