/*
 * The site's languages and how a visitor's is chosen: one home for these rules, read by the pages,
 * the server and the edge.
 */

/** @typedef {'ru' | 'en'} Locale */

/** The site's languages; `ru` is the default. */
export const LOCALES = /** @type {const} */ (['ru', 'en']);
/** @type {Locale} */
export const DEFAULT_LOCALE = 'ru';

/**
 * BCP 47 tags of the languages, for hreflang and Open Graph.
 * @type {Readonly<Record<Locale, string>>}
 */
export const LOCALE_TAGS = { ru: 'ru-RU', en: 'en-US' };

/** Name and lifetime (seconds: a year) of the cookie that remembers the visitor's language. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

/**
 * @param {unknown} value
 * @returns {value is Locale}
 */
export function isLocale(value) {
  return value === 'ru' || value === 'en';
}

/**
 * Picks the language for a URL without a locale prefix. First match wins: the cookie, the
 * visitor being in Russia, the browser's list (by q-value), then English.
 * @param {{ cookie?: string | null; isRu: boolean; acceptLanguage?: string | null }} input
 * @returns {Locale}
 */
export function chooseLocale({ cookie, isRu, acceptLanguage }) {
  if (isLocale(cookie)) return cookie;
  if (isRu) return 'ru';
  return preferredFromAcceptLanguage(acceptLanguage) ?? 'en';
}

/**
 * First of en/ru in an Accept-Language list, ordered by q (ties keep their order).
 * @param {string | null | undefined} header
 * @returns {Locale | undefined}
 */
export function preferredFromAcceptLanguage(header) {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLocale);
}
