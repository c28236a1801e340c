import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { readContentPage } from '@/components/content/content-page-factory';
import { ContentSections } from '@/components/content/content-sections';
import { PageHero } from '@/components/content/page-hero';
import { TisPriceList } from '@/components/content/tis-price-list';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { PageDialogs } from '@/components/dialogs/page-dialogs';
import { OrderSection } from '@/components/order/order-section';
import { ProductPicture } from '@/components/pictures/product-picture';
import { isLocale } from '@/site/locales.mjs';
import { isListedIn, pictureOf } from '@/site/products.mjs';
import { isServicePage, ORDER_DRAFT_FIELD, orderResultOf, orderResultSegment } from '@/site/site-pages.mjs';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { breadcrumbLd, tisPricesLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { currentTisPrices } from '@/content/tis-prices';
import type { OrderCarry } from '@/server/tool-query';

/** A product page's tool (the VIN check, the TIS calculator), under its hero, and what its order form carries. */
export interface PageTool {
  node: ReactNode;
  carry?: OrderCarry;
}

interface Options {
  /** Set in the variants pre-rendered for the order form's outcome (?order=sent|invalid). */
  orderResult?: 'sent' | 'invalid';
  tool?: PageTool;
  /** The variant for visitors in Russia (`geo-ru`): the order form reads a national phone there. */
  inRussia?: boolean;
  /** A refused order post's draft (`?order=invalid&draft=<id>`, rendered per request): what the form shows again. */
  draftId?: string;
  /**
   * What the page adds after its text (a catalogue's makes, `catalogueCoverageFor`): passed in by
   * the route, so that its client code loads on the routes that show it and not on the tools'.
   */
  below?: ReactNode;
}

/** The order form's outcome and draft a page rendered per request was asked for (its query's `order` and `draft`). */
export function orderQuery(query: Record<string, string | string[] | undefined>): Pick<Options, 'orderResult' | 'draftId'> {
  const first = (name: string) => [query[name] ?? []].flat()[0];
  return { orderResult: orderResultOf(orderResultSegment(first('order') ?? null)), draftId: first(ORDER_DRAFT_FIELD) };
}

/** Title, description, canonical and alternates of a product page. */
export async function serviceMetadata(locale: string, service: string): Promise<Metadata> {
  if (!isLocale(locale) || !isServicePage(service)) return {};
  const content = await readContentPage(locale, service);
  return pageMetadata({ locale, page: service, title: content.title, description: content.description });
}

/**
 * The page itself: what it is, who it is for, what is inside, how to start; buy and demo. A page
 * with a tool gets it from its own route, so that the tool's scripts load on that page alone.
 * `orderResult` is set in the variants pre-rendered for the order form's outcome (?order=sent|invalid,
 * chosen by the edge's router), so the outcome shows without scripts.
 */
export async function renderServicePage(locale: string, service: string, { orderResult, tool, inRussia, draftId, below }: Options = {}) {
  if (!isLocale(locale) || !isServicePage(service)) notFound();
  setRequestLocale(locale);
  const [content, t] = await Promise.all([readContentPage(locale, service), getTranslations({ locale, namespace: 'Nav' })]);
  // Without scripts the buy/demo buttons go to the page's own order form; either way the lead names the product.
  const fallback = '#order';
  const picture = pictureOf(service);
  return (
    <>
      <JsonLd data={breadcrumbLd(locale, t('home'), service, content.title)} />
      {service === 'tis' ? <JsonLd data={tisPricesLd(locale, t('products.tis'), currentTisPrices)} /> : null}
      <PageHero
        heading={content.heading}
        lead={content.lead}
        aside={picture ? <ProductPicture locale={locale} name={picture} /> : null}
        below={isListedIn(service, locale) ? null : <p className="mt-4 max-w-3xl font-semibold text-brand-900">{t('soldInRussiaOnly', { product: content.title })}</p>}
      >
        <DialogTrigger dialog="order-buy" href={fallback} data-fill={`product=${service}`} className="btn-primary">
          {t('buy')}
        </DialogTrigger>
        <DialogTrigger dialog="order-demo" href={fallback} data-fill={`product=${service}`} className="btn-secondary">
          {t('requestDemo')}
        </DialogTrigger>
      </PageHero>
      {tool?.node}
      <div className="container-page py-4">
        <ContentSections sections={content.sections} />
        {below}
        {/* On a phone the picture comes after the text (PageHero shows it beside the text on wide screens). */}
        {picture ? <ProductPicture locale={locale} name={picture} className="mx-auto mt-10 max-w-md lg:hidden" deferred /> : null}
        {service === 'tis' ? <TisPriceList locale={locale} /> : null}
      </div>
      <OrderSection locale={locale} page={service} result={orderResult} carry={tool?.carry} inRussia={inRussia} draftId={orderResult === 'invalid' ? draftId : undefined} />
      {/* The tools' buy buttons open the buy dialog (the layout has the demo dialog already). */}
      {tool ? <PageDialogs locale={locale} names={['buy']} /> : null}
    </>
  );
}
