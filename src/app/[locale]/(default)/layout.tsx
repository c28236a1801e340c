import type { ReactNode } from 'react';
import { ConsentNotice } from '@/components/analytics/consent-notice';
import { PageDialogs } from '@/components/dialogs/page-dialogs';
import { OrganizationData } from '@/components/seo/organization';
import { SiteFooter } from '@/components/layout/site-footer';
import { PageMain } from '@/components/layout/page-main';
import { SiteHeader } from '@/components/layout/site-header';
import { SkipLink } from '@/components/layout/skip-link';
import { isLocale } from '@/site/locales.mjs';

/** The default layout: top bar, page, footer. */
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  return (
    <>
      <SkipLink locale={locale} />
      <ConsentNotice locale={locale} />
      <SiteHeader locale={locale} showAccountControls />
      <PageMain>{children}</PageMain>
      <SiteFooter locale={locale} />
      <OrganizationData locale={locale} />
      <PageDialogs locale={locale} names={['buy', 'demo', 'feedback', 'auth']} />
    </>
  );
}
