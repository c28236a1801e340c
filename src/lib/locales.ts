import { DEFAULT_LOCALE, LOCALES } from '@/site/locales.mjs';
import { publicEnv } from './public-env';

export { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@/site/locales.mjs';

/** The site's languages (src/site/locales.mjs). `ru` is the default. */
export const locales = LOCALES;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = DEFAULT_LOCALE;

/** BCP 47 tags used for hreflang and Open Graph. */
export const localeTags: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/**
 * `always`: every page carries /ru or /en. `as-needed`: ru is served without a prefix.
 * Read at build time (next.config.ts inlines it), because links are pre-rendered.
 */
export type LocalePrefix = 'always' | 'as-needed';
export const localePrefix: LocalePrefix = publicEnv.localePrefix;
