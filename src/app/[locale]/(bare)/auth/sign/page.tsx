import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthViews } from '@/components/auth/auth-views';
import { BareLogo } from '@/components/layout/bare-logo';
import { SessionNotice } from '@/components/layout/session-notice';
import { isLocale } from '@/site/locales.mjs';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'SignPage' });
  return { ...pageMetadata({ locale, page: 'auth/sign', title: t('title'), description: t('description') }), robots: { index: false } };
}

/**
 * The sign-in page (bare layout): where an expired session lands. Its scripts start as a public
 * page's do, at the first interaction: until React has taken the forms over, the enhancer switches
 * their views and holds a send, which React then makes once (docs/decisions/051).
 */
export default async function SignPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'SignPage' });
  return (
    <main id="main" className="flex min-h-screen flex-col items-center bg-brand-50 px-4 py-12">
      <BareLogo locale={locale} label={t('home')} />
      <div className="mt-8 w-full max-w-xl rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{t('heading')}</h1>
        <SessionNotice text={t('sessionExpired')} />
        <p className="mt-3 text-muted">{t('lead')}</p>
        <div className="mt-6">
          <AuthViews headingLevel="h2" />
        </div>
      </div>
    </main>
  );
}
