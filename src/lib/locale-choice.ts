import { isLocale, type Locale } from './locales';

export interface LocaleChoiceInput {
  /** Value of the `i18n_redirected` cookie, if any. */
  cookie?: string | null;
  /** The visitor's address is in Russia. */
  isRu: boolean;
  /** Raw `Accept-Language` header. */
  acceptLanguage?: string | null;
}

/**
 * Picks the language for a URL without a locale prefix. First match wins:
 * the cookie, the visitor being in Russia, the browser's list (by q-value), then English.
 */
export function chooseLocale({ cookie, isRu, acceptLanguage }: LocaleChoiceInput): Locale {
  if (isLocale(cookie)) return cookie;
  if (isRu) return 'ru';
  return preferredFromAcceptLanguage(acceptLanguage) ?? 'en';
}

/** First of `en`/`ru` in an Accept-Language list, ordered by q (ties keep their order). */
export function preferredFromAcceptLanguage(header?: string | null): Locale | undefined {
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
  return ranked.find((entry) => isLocale(entry.base))?.base as Locale | undefined;
}
