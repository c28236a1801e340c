import { defaultLocale, localePrefix, type Locale } from './locales';

/** Public URL path of a page ('' is the index) in a locale, honouring LOCALE_PREFIX. */
export function localizedPath(locale: Locale, page: string): string {
  const suffix = page ? `/${page.replace(/^\/+/, '')}` : '';
  if (localePrefix === 'as-needed' && locale === defaultLocale) return suffix || '/';
  return `/${locale}${suffix}`;
}
