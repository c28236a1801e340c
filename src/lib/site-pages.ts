import type { Locale } from './locales';

/** Product pages; they use the service layout (sub-menu, order modal). */
export const servicePages = ['epc', 'vag', 'tis', 'spec', 'moto', 'supplier', 'apk', 'to', 'vehicle'] as const;
export type ServicePage = (typeof servicePages)[number];

/** Pages of the default layout, by path below the locale ('' is the index). */
export const defaultPages = ['', 'about', 'pay', 'about/docs', 'about/oferta', 'about/privacy'] as const;
export type DefaultPage = (typeof defaultPages)[number];

/** Every public page path below the locale, in sitemap order. */
export const allPages: readonly string[] = [...defaultPages, ...servicePages];

export function isServicePage(segment: string | undefined): segment is ServicePage {
  return (servicePages as readonly string[]).includes(segment ?? '');
}

/** The service sub-menu; Проценка (supplier) is shown in Russian only. */
export function subMenuPages(locale: Locale): ServicePage[] {
  const menu: ServicePage[] = ['epc', 'vag', 'tis', 'spec', 'moto'];
  return locale === 'ru' ? [...menu, 'supplier'] : menu;
}

/**
 * The pre-rendered variants of a service page: the proxy rewrites /{locale}/{page} to
 * /{locale}/{geo}/{page} so the chrome is right for the visitor without a dynamic render.
 */
export const geoVariants = ['geo-ru', 'geo-world'] as const;
export type GeoVariant = (typeof geoVariants)[number];

export function isGeoVariant(segment: string | undefined): segment is GeoVariant {
  return (geoVariants as readonly string[]).includes(segment ?? '');
}
