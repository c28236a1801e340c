import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { readContentPage } from '@/components/content/content-route';
import { ContentSections } from '@/components/content/content-sections';
import { PageHero } from '@/components/content/page-hero';
import { TisPriceList } from '@/components/content/tis-price-list';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { SiteDialogs } from '@/components/dialogs/site-dialogs';
import { OrderSection } from '@/components/order/order-section';
import { TisCalculatorSection } from '@/components/tis/tis-calculator-section';
import { VinCheckSection } from '@/components/vin/vin-check-section';
import { isLocale, type Locale } from '@/lib/locales';
import { isServicePage } from '@/lib/site-pages';
import { breadcrumbLd, tisPricesLd } from '@/lib/seo/structured-data';
import type { QueryInput } from '@/lib/tis/selection';
import { JsonLd } from '@/components/seo/json-ld';
import { currentTisPrices } from '@/content/tis-prices';
import { tisRequest, vehicleRequest, type OrderCarry } from './tool-request';

interface Options {
  /** Set in the variants pre-rendered for the order form's outcome (?order=sent|invalid). */
  orderResult?: 'sent' | 'invalid';
  /** The request's query, on a tool's answer (rendered per request, docs/decisions/014). */
  query?: QueryInput;
}

/** The tool of a product page (the VIN check, the TIS calculator) and what its order form carries. */
function pageTool(locale: Locale, service: string, query?: QueryInput): { tool: React.ReactNode; carry?: OrderCarry } {
  if (service === 'vehicle') {
    const { vin, carry } = vehicleRequest(query);
    return { tool: <VinCheckSection locale={locale} vin={vin} />, carry };
  }
  if (service === 'tis') {
    const { parsed, carry } = tisRequest(locale, query);
    return { tool: <TisCalculatorSection locale={locale} query={parsed} />, carry };
  }
  return { tool: null };
}

/**
 * The page itself: what it is, who it is for, what is inside, how to start; buy and demo. The
 * VIN check and the TIS calculator sit under the hero of their pages; with a query they answer it.
 * `orderResult` is set in the variants pre-rendered for the order form's outcome (?order=sent|invalid,
 * chosen by the edge's router), so the outcome shows without scripts.
 */
export async function renderServicePage(locale: string, service: string, { orderResult, query }: Options = {}) {
  if (!isLocale(locale) || !isServicePage(service)) notFound();
  setRequestLocale(locale);
  const [content, t] = await Promise.all([readContentPage(locale, service), getTranslations({ locale, namespace: 'Nav' })]);
  const { tool, carry } = pageTool(locale, service, query);
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
      {tool}
      <div className="container-page py-4">
        <ContentSections sections={content.sections} />
        {service === 'tis' ? <TisPriceList locale={locale} /> : null}
      </div>
      <OrderSection locale={locale} page={service} result={orderResult} carry={carry} />
      {/* The tools' buy buttons open the buy dialog (the layout has the demo dialog already). */}
      {tool ? <SiteDialogs names={['buy']} /> : null}
    </>
  );
}
