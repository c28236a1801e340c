import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ScopedMessages } from '@/components/content/scoped-messages';
import { PageDialogs } from '@/components/dialogs/page-dialogs';
import { BareLogo } from '@/components/layout/bare-logo';
import { EarlyReads } from '@/components/partner/early-reads';
import { isLocale } from '@/site/locales.mjs';
import { ACCOUNT_READS } from '@/lib/partner/partner-reads';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { AccountView } from './_components/account-view';
import { PARTNER_MESSAGES, productNamesOf } from './_components/partner-messages';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { ...pageMetadata({ locale, page: 'auth/account', title: t('title'), description: t('description') }), robots: { index: false } };
}

/**
 * The built-in partner area (when PARTNER_LOGIN_URL is unset): a static shell; the client part
 * shows the stored token's account, the purchase, the subscriptions and the invoices from the API.
 * The buy dialog is there for a site whose purchase is off: sales then make out the invoice.
 */
export default async function AccountPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  return (
    <main id="main" data-boot-eager="" className="flex min-h-screen flex-col items-center bg-brand-50 px-3 py-12 sm:px-4">
      <BareLogo locale={locale} label={t('home')} />
      <div className="mt-8 w-full max-w-4xl rounded-xl bg-white p-3 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{t('heading')}</h1>
        <EarlyReads locale={locale} paths={Object.values(ACCOUNT_READS)} />
        <ScopedMessages locale={locale} namespaces={PARTNER_MESSAGES}>
          <AccountView locale={locale} productNames={await productNamesOf(locale)} />
        </ScopedMessages>
      </div>
      <PageDialogs locale={locale} names={['buy']} />
    </main>
  );
}
