import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { orderResultOf, orderResultVariants } from '@/site/site-pages.mjs';
import { isToolPage, servicePages } from '@/site/site-pages.mjs';
import { catalogueCoverageFor } from '@/components/content/coverage-section';
import { renderServicePage } from '@/components/content/service-page-view';
import { generateMetadata as serviceMetadata } from '../page';

type Params = { params: Promise<{ locale: string; geo: string; service: string; result: string }> };

export const dynamicParams = false;

/** A product page as the order form's post returns to it (the edge's router picks it for ?order=…). */
export function generateStaticParams() {
  // [service] is listed by a page, not a layout, so its values are not passed down: list both.
  return servicePages.filter((service) => !isToolPage(service)).flatMap((service) => orderResultVariants.map((result) => ({ service, result })));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const metadata = await serviceMetadata({ params });
  return { ...metadata, robots: { index: false, follow: true } };
}

export default async function ServiceOrderResultPage({ params }: Params) {
  const { locale, geo, service, result } = await params;
  const outcome = orderResultOf(result);
  if (!outcome) notFound();
  return renderServicePage(locale, service, { orderResult: outcome, inRussia: geo === 'geo-ru', below: catalogueCoverageFor(locale, service) });
}
