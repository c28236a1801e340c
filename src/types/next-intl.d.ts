/**
 * The message catalog and languages, typed once for next-intl: `useTranslations`,
 * `getTranslations` and the server's `translate` accept only keys that exist in
 * messages/ru.json (the English file has the same keys, a test says so), so a misspelt key is a
 * type error. `Countries` is added at start from the runtime's CLDR names (src/i18n/compiled-messages.ts).
 */
import type { Catalog } from '@/i18n/compiled-messages';
import type { Locale as SiteLocale } from '@/site/locales.mjs';

declare module 'next-intl' {
  interface AppConfig {
    Messages: Catalog;
    Locale: SiteLocale;
  }
}
