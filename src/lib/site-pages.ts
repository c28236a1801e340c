import { defaultPages, servicePages } from '@/site/site-pages.mjs';
import type { Locale } from './locales';

export { geoVariants, isGeoVariant, isServicePage, isToolPage, servicePages } from '@/site/site-pages.mjs';
export type ServicePage = (typeof servicePages)[number];
/** The product pages with a tool (the VIN check, the TIS calculator): they have routes of their own. */
export type ToolPage = 'vehicle' | 'tis';

/** Every public page path below the locale, in sitemap order. */
export const allPages: readonly string[] = [...defaultPages, ...servicePages];

/** The service sub-menu; Проценка (supplier) is shown in Russian only. */
export function subMenuPages(locale: Locale): ServicePage[] {
  const menu: ServicePage[] = ['epc', 'vag', 'tis', 'spec', 'moto'];
  return locale === 'ru' ? [...menu, 'supplier'] : menu;
}
