import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ScopedMessages } from '@/components/content/scoped-messages';
import { BareLogo } from '@/components/layout/bare-logo';
import { ADDRESS_ID, EarlyReads } from '@/components/partner/early-reads';
import { isLocale } from '@/site/locales.mjs';
import { invoiceRead } from '@/lib/partner/partner-reads';
import { documentTitle } from '@/lib/seo/page-metadata';
import { PARTNER_MESSAGES } from '../_components/partner-messages';
import { InvoiceView } from './_components/invoice-view';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'PartnerArea.invoice' });
  return { title: { absolute: documentTitle(t('title')) }, description: t('description'), robots: { index: false } };
}

/**
 * An invoice's page in the partner area (`/{locale}/auth/account/invoices/{id}`: the edge serves
 * this one pre-rendered page for every invoice, src/site/site-pages.mjs). The client part reads
 * the id from the address and the invoice from `GET /api/invoices/{id}` with the stored token,
 * which the document has started (EarlyReads).
 */
export default async function InvoicePage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return (
    <main id="main" data-boot-eager="" className="flex min-h-screen flex-col items-center bg-brand-50 px-3 py-12 sm:px-4">
      <BareLogo locale={locale} label={t('home')} />
      <div className="mt-8 w-full max-w-4xl rounded-xl bg-white p-3 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <EarlyReads locale={locale} paths={[invoiceRead(ADDRESS_ID)]} />
        <ScopedMessages locale={locale} namespaces={PARTNER_MESSAGES}>
          <InvoiceView locale={locale} />
        </ScopedMessages>
      </div>
    </main>
  );
}
