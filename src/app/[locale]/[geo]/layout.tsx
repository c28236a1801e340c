import type { ReactNode } from 'react';
import { ConsentNotice } from '@/components/analytics/consent-notice';
import { PageDialogs } from '@/components/dialogs/page-dialogs';
import { OrganizationData } from '@/components/seo/organization';
import { ServiceSubMenu } from '@/components/layout/service-submenu';
import { SiteFooter } from '@/components/layout/site-footer';
import { PageMain } from '@/components/layout/page-main';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { isLocale } from '@/site/locales.mjs';
import { geoVariants } from '@/site/site-pages.mjs';

export const dynamicParams = false;

export function generateStaticParams() {
  return geoVariants.map((geo) => ({ geo }));
}

/**
 * The service layout, pre-rendered twice: `geo-ru` for visitors in Russia (with the language
 * switch and login) and `geo-world` for the rest. The proxy picks the variant.
 */
export default async function ServiceLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string; geo: string }> }) {
  const { locale, geo } = await params;
  if (!isLocale(locale)) return null;
  return (
    <>
      <SkipLink locale={locale} />
      <ConsentNotice locale={locale} />
      <SiteHeader locale={locale} showAccountControls={geo === 'geo-ru'} />
      <ServiceSubMenu locale={locale} />
      <PageMain>{children}</PageMain>
      <SiteFooter locale={locale} />
      <OrganizationData locale={locale} />
      <PageDialogs locale={locale} names={geo === 'geo-ru' ? ['order-buy', 'order-demo', 'demo', 'feedback', 'auth'] : ['order-buy', 'order-demo', 'demo', 'feedback']} />
    </>
  );
}
