import { defineRouting } from 'next-intl/routing';
import { defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localePrefix, locales } from '@/lib/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix,
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax', path: '/' },
});
