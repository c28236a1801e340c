import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { readContentPage } from '@/components/content/content-route';
import { ContentSections } from '@/components/content/content-sections';
import { PageHero } from '@/components/content/page-hero';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { TisPriceList } from '@/components/content/tis-price-list';
import { OrderSection } from '@/components/order/order-section';
import { isLocale } from '@/lib/locales';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { isServicePage, servicePages } from '@/lib/site-pages';

type Params = { params: Promise<{ locale: string; geo: string; service: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return servicePages.map((service) => ({ service }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, service } = await params;
  if (!isLocale(locale) || !isServicePage(service)) return {};
  const content = await readContentPage(locale, service);
  return pageMetadata({ locale, page: service, title: content.title, description: content.description });
}

/** A product page: what it is, who it is for, what is inside, how to start; buy and demo. */
export default async function ServicePage({ params }: Params) {
  const { locale, service } = await params;
  if (!isLocale(locale) || !isServicePage(service)) notFound();
  setRequestLocale(locale);
  const [content, t] = await Promise.all([readContentPage(locale, service), getTranslations({ locale, namespace: 'Nav' })]);
  // Without scripts the buy/demo buttons go to the page's own order form.
  const fallback = '#order';
  return (
    <>
      <PageHero heading={content.heading} lead={content.lead}>
        <DialogTrigger dialog="order-buy" href={fallback} className="btn-primary">
          {t('buy')}
        </DialogTrigger>
        <DialogTrigger dialog="order-demo" href={fallback} className="btn-secondary">
          {t('requestDemo')}
        </DialogTrigger>
      </PageHero>
      <div className="container-page py-4">
        <ContentSections sections={content.sections} />
        {service === 'tis' ? <TisPriceList locale={locale} /> : null}
      </div>
      <OrderSection locale={locale} page={service} />
    </>
  );
}
