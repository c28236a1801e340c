import type { Metadata } from 'next';
import { catalogueCoverageFor } from '@/components/content/coverage-section';
import { renderServicePage, serviceMetadata } from '@/components/content/service-page-view';
import { isToolPage, servicePages } from '@/site/site-pages.mjs';

type Params = { params: Promise<{ locale: string; geo: string; service: string }> };

export const dynamicParams = false;

/** The product pages without a tool: /vehicle and /tis have routes of their own (docs/decisions/014). */
export function generateStaticParams() {
  return servicePages.filter((service) => !isToolPage(service)).map((service) => ({ service }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, service } = await params;
  return serviceMetadata(locale, service);
}

/** A product page: what it is, who it is for, what is inside, how to start; buy and demo. */
export default async function ServicePage({ params }: Params) {
  const { locale, geo, service } = await params;
  return renderServicePage(locale, service, { inRussia: geo === 'geo-ru', below: catalogueCoverageFor(locale, service) });
}
