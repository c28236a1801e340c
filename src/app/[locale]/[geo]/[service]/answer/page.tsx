import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { renderServicePage } from '@/components/content/service-page-view';
import { orderResultSegment, toolQueryFields } from '@/site/site-pages.mjs';
import { orderResultOf } from '@/lib/order-result';
import { generateMetadata as serviceMetadata } from '../page';

type Params = { params: Promise<{ locale: string; geo: string; service: string }> };
type Props = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A tool's answer: /vehicle?vin=… or /tis?brands=…, which the edge routes here (docs/decisions/014).
 * It reads the query, so Next.js renders it per request; the page without a query stays
 * pre-rendered. Not for search engines: the plain page is the one to index.
 */
export const dynamic = 'force-dynamic';

const hasTool = (service: string) => Object.hasOwn(toolQueryFields, service);

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const metadata = await serviceMetadata({ params });
  return { ...metadata, robots: { index: false, follow: true } };
}

export default async function ToolAnswerPage({ params, searchParams }: Props) {
  const [{ locale, service }, query] = await Promise.all([params, searchParams]);
  if (!hasTool(service)) notFound();
  const order = [query.order ?? []].flat()[0] ?? null;
  return renderServicePage(locale, service, { orderResult: orderResultOf(orderResultSegment(order)), query });
}
