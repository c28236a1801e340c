import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundHelp } from '@/components/layout/not-found-help';
import { NotFoundView } from '@/components/layout/not-found-view';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

type Params = { params: Promise<{ locale: string }> };

/** Its title comes from the view (as on Next.js's own 404); kept out of search results. */
export const metadata: Metadata = { robots: { index: false } };

/**
 * The 404 page as plain pre-rendered HTML in each language: the edge answers every unknown
 * address below a locale with it (status 404), so readers, crawlers and visitors without
 * JavaScript see the message, the way home, the VIN check, the products and the way to sales (Next.js's own not-found screen comes only in its
 * script payload). The address itself is not public: it answers 404 too.
 */
export default async function PageNotFound({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Errors' });
  return (
    <NotFoundView title={t('notFound')} documentTitle={t('notFoundTitle')} homeLabel={t('home')} homeHref={localizedPath(locale, '')}>
      <NotFoundHelp locale={locale} />
    </NotFoundView>
  );
}
