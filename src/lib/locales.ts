/** The site's languages. `ru` is the default (DESIGN.md §3). */
export const locales = ['ru', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ru';

/** BCP 47 tags used for hreflang and Open Graph. */
export const localeTags: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return value === 'ru' || value === 'en';
}

/** Name and lifetime of the cookie that remembers the visitor's language. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 31_536_000; // 365 days in seconds

/**
 * `always`: every page carries /ru or /en. `as-needed`: ru is served without a prefix.
 * Read at build time (next.config.ts inlines it), because links are pre-rendered.
 */
export type LocalePrefix = 'always' | 'as-needed';
export const localePrefix: LocalePrefix =
  process.env.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always';
