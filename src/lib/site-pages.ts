import { defaultPages, servicePages } from '@/edge/site-pages.mjs';
import type { Locale } from './locales';

export { defaultPages, geoVariants, isGeoVariant, isServicePage, isToolPage, servicePages } from '@/edge/site-pages.mjs';
export type ServicePage = (typeof servicePages)[number];
/** The product pages with a tool (the VIN check, the TIS calculator): they have routes of their own. */
export type ToolPage = 'vehicle' | 'tis';
export type DefaultPage = (typeof defaultPages)[number];

/** Every public page path below the locale, in sitemap order. */
export const allPages: readonly string[] = [...defaultPages, ...servicePages];

/** The service sub-menu; Проценка (supplier) is shown in Russian only. */
export function subMenuPages(locale: Locale): ServicePage[] {
  const menu: ServicePage[] = ['epc', 'vag', 'tis', 'spec', 'moto'];
  return locale === 'ru' ? [...menu, 'supplier'] : menu;
}
