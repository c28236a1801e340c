import { defineRouting } from 'next-intl/routing';
import { defaultLocale, localePrefix, locales } from '@/lib/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix,
});
