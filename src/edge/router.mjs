// @ts-check
import { chooseLocale, isLocale } from './locale-choice.mjs';
import { isDynamicSection, isGeoVariant, isServicePage, orderResultSegment } from './site-pages.mjs';

/**
 * What to do with a request (DESIGN.md §3–4):
 * - `redirect`: an unprefixed URL goes to the chosen locale (307, path and query kept, cookie set);
 *   with `as-needed`, /ru/... goes to its unprefixed address;
 * - `page`: serve the route at `path` (a pre-rendered page, or Next.js renders it); product pages
 *   map to the variant for a visitor in Russia or elsewhere; variant paths asked for directly map
 *   to a missing page; a product page with `?order=sent|invalid` maps to its variant showing the
 *   order form's outcome;
 * - `pass`: assets, API and files go to Next.js as they are.
 * A page of a dynamic section (the desk) is marked `dynamic`: rendered per request, never stored.
 * A page chosen by negotiation (cookie, country, Accept-Language: the unprefixed Russian pages of
 * `as-needed`) is marked `negotiated`, so that no shared cache keeps it.
 * `isRu` may be a function: the country is looked up only for the routes that depend on it.
 * @typedef {import('./locale-choice.mjs').Locale} Locale
 * @typedef {{ kind: 'redirect'; location: string; localeCookie?: Locale } | { kind: 'page'; path: string; negotiated?: true; dynamic?: true } | { kind: 'pass' }} Route
 * @param {{ pathname: string; search: string; cookie?: string | null; acceptLanguage?: string | null; isRu: boolean | (() => boolean); localePrefix: 'always' | 'as-needed' }} request
 * @returns {Route}
 */
export function routeRequest({ pathname, search, cookie, acceptLanguage, isRu: visitorIsRu, localePrefix }) {
  const isRu = typeof visitorIsRu === 'function' ? visitorIsRu : () => visitorIsRu;
  if (/^\/(_next|api)(\/|$)/.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return { kind: 'pass' };
  const [first, ...rest] = pathname.split('/').slice(1);

  if (isLocale(first)) {
    if (localePrefix === 'as-needed' && first === 'ru') {
      // One leading slash, whatever followed the prefix: `/ru//host/x` must not become `//host/x`.
      return { kind: 'redirect', location: `/${rest.join('/').replace(/^[/\\]+/, '')}${search}` };
    }
    if (isDynamicSection(rest[0])) return { kind: 'page', path: `/${first}/${rest.join('/')}`, dynamic: true };
    return { kind: 'page', path: localePath(first, rest, isRu, search) };
  }

  const locale = chooseLocale({ cookie, isRu: isRu(), acceptLanguage });
  const segments = pathname === '/' ? [] : pathname.split('/').slice(1);
  if (localePrefix === 'as-needed' && locale === 'ru' && isDynamicSection(segments[0])) return { kind: 'page', path: `/ru/${segments.join('/')}`, negotiated: true, dynamic: true };
  if (localePrefix === 'as-needed' && locale === 'ru') return { kind: 'page', path: localePath('ru', segments, isRu, search), negotiated: true };
  return { kind: 'redirect', location: `/${locale}${pathname === '/' ? '' : pathname}${search}`, localeCookie: locale };
}

/**
 * The route that serves /{locale}/{segments}.
 * @param {Locale} locale
 * @param {string[]} segments
 * @param {() => boolean} isRu
 * @param {string} search
 */
function localePath(locale, segments, isRu, search) {
  if (isGeoVariant(segments[0])) return `/${locale}/not-found`;
  if (isServicePage(segments[0])) {
    const result = segments.length === 1 ? orderResultSegment(new URLSearchParams(search).get('order')) : undefined;
    return `/${locale}/${isRu() ? 'geo-ru' : 'geo-world'}/${[...segments, ...(result ? [result] : [])].join('/')}`;
  }
  return segments.length ? `/${locale}/${segments.join('/')}` : `/${locale}`;
}
