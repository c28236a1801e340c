import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BrandLogo } from '@/components/layout/brand-logo';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { AccountView } from './_components/account-view';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Account' });
  return { ...pageMetadata({ locale, page: 'auth/account', title: t('title'), description: t('description') }), robots: { index: false } };
}

/**
 * The built-in account page (when PARTNER_LOGIN_URL is unset): a static shell; the client part
 * takes `?token`, keeps it, and shows the account from GET /api/auth/me.
 */
export default async function AccountPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Account' });
  const texts = {
    loading: t('loading'),
    name: t('name'),
    company: t('company'),
    email: t('email'),
    phone: t('phone'),
    location: t('location'),
    signOut: t('signOut'),
    error: t('error'),
  };
  return (
    <main id="main" data-boot-eager="" className="flex min-h-screen flex-col items-center bg-brand-50 px-4 py-12">
      <a href={localizedPath(locale, '')} className="rounded-md text-brand-900">
        <BrandLogo linkLabel={t('home')} />
      </a>
      <div className="mt-8 w-full max-w-md rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{t('heading')}</h1>
        <AccountView locale={locale} texts={texts} />
      </div>
    </main>
  );
}
