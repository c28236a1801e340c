import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isLocale, type Locale } from '@/site/locales.mjs';
import { orderResultOf, orderResultVariants, type OrderResult, type ToolPage } from '@/site/site-pages.mjs';
import type { QueryInput } from '@/lib/tis/selection';
import { orderQuery, renderServicePage, serviceMetadata, type PageTool } from './service-page-view';

type Params = { params: Promise<{ locale: string; geo: string }> };
type ResultParams = { params: Promise<{ locale: string; geo: string; result: string }> };
type AnswerProps = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

const noIndex = async (metadata: Promise<Metadata>): Promise<Metadata> => ({ ...(await metadata), robots: { index: false, follow: true } });

/**
 * The three routes of a product page with a tool (docs/decisions/014): the page (pre-rendered,
 * the tool empty), its order-outcome variants (pre-rendered), and the tool's answer (rendered per
 * request from the query, which may also name a refused order post's draft). Each tool's route files call this with their tool, so a tool's client
 * code belongs to its own page's scripts and no other product page loads it.
 */
export function toolRoutes(service: ToolPage, toolFor: (locale: Locale, query?: QueryInput) => PageTool) {
  const render = (locale: string, geo: string, options: { orderResult?: OrderResult; draftId?: string; query?: QueryInput }) => {
    if (!isLocale(locale)) notFound();
    return renderServicePage(locale, service, { orderResult: options.orderResult, draftId: options.draftId, tool: toolFor(locale, options.query), inRussia: geo === 'geo-ru' });
  };
  return {
    page: {
      generateMetadata: async ({ params }: Params) => serviceMetadata((await params).locale, service),
      Page: async ({ params }: Params) => {
        const { locale, geo } = await params;
        return render(locale, geo, {});
      },
    },
    result: {
      generateStaticParams: () => orderResultVariants.map((result) => ({ result })),
      generateMetadata: async ({ params }: ResultParams) => noIndex(serviceMetadata((await params).locale, service)),
      Page: async ({ params }: ResultParams) => {
        const { locale, geo, result } = await params;
        const orderResult = orderResultOf(result);
        if (!orderResult) notFound();
        return render(locale, geo, { orderResult });
      },
    },
    answer: {
      generateMetadata: async ({ params }: Params) => noIndex(serviceMetadata((await params).locale, service)),
      Page: async ({ params, searchParams }: AnswerProps) => {
        const [{ locale, geo }, query] = await Promise.all([params, searchParams]);
        return render(locale, geo, { ...orderQuery(query), query });
      },
    },
  };
}
