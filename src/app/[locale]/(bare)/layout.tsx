import type { ReactNode } from 'react';
import { ConsentNotice } from '@/components/analytics/consent-notice';
import { isLocale } from '@/site/locales.mjs';

/** The bare pages (sign-in, the account, the 404): the page alone, and the consent notice when there is a counter. */
export default async function BareLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  return (
    <>
      {isLocale(locale) ? <ConsentNotice locale={locale} /> : null}
      {children}
    </>
  );
}
