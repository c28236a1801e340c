import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { orderQuery, renderServicePage, serviceMetadata } from '@/components/content/service-page-view';
import { isToolPage } from '@/site/site-pages.mjs';

type Props = { params: Promise<{ locale: string; geo: string; service: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A product page without a tool as a refused order post returns to it (?order=invalid&draft=<id>):
 * rendered per request, the form showing what was typed and each field's error (the edge routes
 * it here; docs/decisions/014). /vehicle and /tis have answer routes of their own.
 */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, service } = await params;
  return { ...(await serviceMetadata(locale, service)), robots: { index: false, follow: true } };
}

export default async function ServiceAnswerPage({ params, searchParams }: Props) {
  const [{ locale, geo, service }, query] = await Promise.all([params, searchParams]);
  if (isToolPage(service)) notFound();
  return renderServicePage(locale, service, { ...orderQuery(query), inRussia: geo === 'geo-ru' });
}
