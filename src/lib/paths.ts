import { DEFAULT_LOCALE, type Locale } from '@/site/locales.mjs';
import { publicEnv } from './public-env';

/** Public URL path of a page ('' is the index) in a locale, honouring LOCALE_PREFIX. */
export function localizedPath(locale: Locale, page: string): string {
  const suffix = page ? `/${page.replace(/^\/+/, '')}` : '';
  if (publicEnv.localePrefix === 'as-needed' && locale === DEFAULT_LOCALE) return suffix || '/';
  return `/${locale}${suffix}`;
}

/** Whether a path is a page of the sales desk (`/ru/desk…`, `/en/desk…`, or `/desk…` without prefix). */
export function isDeskPath(pathname: string): boolean {
  return /^\/(?:(?:ru|en)\/)?desk(?:\/|$)/.test(pathname);
}
