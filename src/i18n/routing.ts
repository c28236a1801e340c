import { defineRouting } from 'next-intl/routing';
import { publicEnv } from '@/lib/public-env';
import { DEFAULT_LOCALE, LOCALES } from '@/site/locales.mjs';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: publicEnv.localePrefix,
});
