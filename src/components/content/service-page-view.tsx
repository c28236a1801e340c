import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { readContentPage } from '@/components/content/content-route';
import { ContentSections } from '@/components/content/content-sections';
import { PageHero } from '@/components/content/page-hero';
import { TisPriceList } from '@/components/content/tis-price-list';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { OrderSection } from '@/components/order/order-section';
import { isLocale } from '@/lib/locales';
import { isServicePage } from '@/lib/site-pages';
import { breadcrumbLd, tisPricesLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { currentTisPrices } from '@/content/tis-prices';

/**
 * The page itself; `orderResult` is set in the variants pre-rendered for the order form's
 * outcome (?order=sent|invalid, chosen by the edge's router), so the outcome shows without scripts.
 */
export async function renderServicePage(locale: string, service: string, orderResult?: 'sent' | 'invalid') {
  if (!isLocale(locale) || !isServicePage(service)) notFound();
  setRequestLocale(locale);
  const [content, t] = await Promise.all([readContentPage(locale, service), getTranslations({ locale, namespace: 'Nav' })]);
  // Without scripts the buy/demo buttons go to the page's own order form.
  const fallback = '#order';
  return (
    <>
      <JsonLd data={breadcrumbLd(locale, t('home'), service, content.title)} />
      {service === 'tis' ? <JsonLd data={tisPricesLd(locale, t('products.tis'), currentTisPrices)} /> : null}
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
      <OrderSection locale={locale} page={service} result={orderResult} />
    </>
  );
}
