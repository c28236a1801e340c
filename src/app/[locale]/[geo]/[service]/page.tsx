import type { Metadata } from 'next';
import { readContentPage } from '@/components/content/content-route';
import { renderServicePage } from '@/components/content/service-page-view';
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
  return renderServicePage(locale, service);
}
