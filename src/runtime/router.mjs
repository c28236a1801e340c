import { chooseLocale, isLocale } from '../site/locales.mjs';
import { asksTool, hasOrderDraft, INVOICE_SHELL, isDynamicSection, isGeoVariant, isInvoicePage, isServicePage, orderResultSegment, TOOL_ANSWER_SEGMENT } from '../site/site-pages.mjs';

/** Next.js's own paths and the API, passed as they are. */
const PASSED = /^\/(_next|api)(\/|$)/;
/** A file: a path ending in an extension. */
const FILE = /\.[a-z0-9]+$/i;

/**
 * What to do with a request (docs/design.md, «Pages and languages»):
 * - `redirect`: an unprefixed URL goes to the chosen locale (307, path and query kept, cookie set);
 *   with `as-needed`, /ru/... goes to its unprefixed address;
 * - `page`: serve the route at `path` (a pre-rendered page, or Next.js renders it); product pages
 *   map to the variant for a visitor in Russia or elsewhere; variant paths asked for directly map
 *   to a missing page, and so do a product page's sub-routes asked for directly; a product page with `?order=sent|invalid` maps to its variant showing the
 *   order form's outcome; an invoice's page in the partner area maps to the one page showing an
 *   invoice (`auth/account/invoice`, not public itself); a tool's query (`/vehicle?vin=…`, `/tis?brands=…`) maps to the page's
 *   answer route, which Next.js renders per request (`perRequest`: no pre-rendered page for it);
 *   so is a product page showing a refused order post's draft (`?order=invalid&draft=<id>`, on the
 *   same route); so are the sales desk's pages, which no cache may keep (`noStore`);
 * - `pass`: assets, API and files go to Next.js as they are.
 * A page of a dynamic section (the desk) is marked `dynamic`: rendered per request, never stored.
 * A page chosen by negotiation (cookie, country, Accept-Language: the unprefixed Russian pages of
 * `as-needed`) is marked `negotiated`, so that no shared cache keeps it.
 * `isRu` may be a function: the country is looked up only for the routes that depend on it.
 * @typedef {import('../site/locales.mjs').Locale} Locale
 * @typedef {{ kind: 'redirect'; location: string; localeCookie?: Locale } | { kind: 'page'; path: string; negotiated?: true; perRequest?: true; noStore?: true } | { kind: 'pass' }} Route
 * @param {{ pathname: string; search: string; cookie?: string | null; acceptLanguage?: string | null; isRu: boolean | (() => boolean); localePrefix: 'always' | 'as-needed' }} request
 * @returns {Route}
 */
export function routeRequest({ pathname, search, cookie, acceptLanguage, isRu: visitorIsRu, localePrefix }) {
  const isRu = typeof visitorIsRu === 'function' ? visitorIsRu : () => visitorIsRu;
  if (PASSED.test(pathname) || FILE.test(pathname)) return { kind: 'pass' };
  // Every page request comes here: one split, no copies of it (docs/decisions/052).
  const parts = pathname.split('/');
  const first = parts[1];
  const rest = parts.slice(2);

  if (isLocale(first)) {
    if (localePrefix === 'as-needed' && first === 'ru') {
      // One leading slash, whatever followed the prefix: `/ru//host/x` must not become `//host/x`.
      return { kind: 'redirect', location: `/${rest.join('/').replace(/^[/\\]+/, '')}${search}` };
    }
    return localePath(first, rest, isRu, search);
  }

  const locale = chooseLocale({ cookie, isRu: isRu(), acceptLanguage });
  const segments = pathname === '/' ? [] : pathname.split('/').slice(1);
  if (localePrefix === 'as-needed' && locale === 'ru') return { ...localePath('ru', segments, isRu, search), negotiated: true };
  return { kind: 'redirect', location: `/${locale}${pathname === '/' ? '' : pathname}${search}`, localeCookie: locale };
}

/**
 * The route that serves /{locale}/{segments}.
 * @param {Locale} locale
 * @param {string[]} segments
 * @param {() => boolean} isRu
 * @param {string} search
 * @returns {{ kind: 'page'; path: string; perRequest?: true; noStore?: true }}
 */
function localePath(locale, segments, isRu, search) {
  // The variants and a product page's sub-routes (its order outcomes, its tool's answer) are reached
  // only through the product page's own address and query: the same page must have one address.
  if (isGeoVariant(segments[0]) || (isServicePage(segments[0]) && segments.length > 1) || segments.join('/') === INVOICE_SHELL) return { kind: 'page', path: `/${locale}/not-found` };
  // Every invoice's page is the one pre-rendered page that shows an invoice (its scripts read which).
  if (isInvoicePage(segments)) return { kind: 'page', path: `/${locale}/${INVOICE_SHELL}` };
  // The sales desk: staff and their leads, rendered per request and kept by no cache.
  if (isDynamicSection(segments[0])) return { kind: 'page', path: `/${locale}/${segments.join('/')}`, perRequest: true, noStore: true };
  if (isServicePage(segments[0])) {
    const query = search ? new URLSearchParams(search) : undefined;
    const variant = `/${locale}/${isRu() ? 'geo-ru' : 'geo-world'}/${segments.join('/')}`;
    // A tool's answer, or a refused order post's draft (what the visitor typed: private to them).
    if (query && (asksTool(segments[0], query) || hasOrderDraft(query))) return { kind: 'page', path: `${variant}/${TOOL_ANSWER_SEGMENT}`, perRequest: true };
    const result = query ? orderResultSegment(query.get('order')) : undefined;
    return { kind: 'page', path: result ? `${variant}/${result}` : variant };
  }
  return { kind: 'page', path: segments.length ? `/${locale}/${segments.join('/')}` : `/${locale}` };
}
