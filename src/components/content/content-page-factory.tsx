import type { Metadata } from 'next';
import type { Messages } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/site/locales.mjs';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { breadcrumbLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { ContentSections } from './content-sections';
import type { ContentPageMessages } from './content-types';
import { PageHero } from './page-hero';
import { SellerRequisites, type RequisitesPage } from './seller-requisites';

type Params = { params: Promise<{ locale: string }> };

/** A text page's messages: `Pages.<key>`. */
type PageKey = keyof Messages['Pages'];

export async function readContentPage(locale: Locale, key: PageKey, values: Record<string, string> = {}): Promise<ContentPageMessages> {
  // The page's whole tree of texts, as `t.raw` would give it (whose keys are typed as single texts only).
  const raw = (await getMessages({ locale })).Pages[key] as ContentPageMessages;
  if (!Object.keys(values).length) return raw;
  // Settings named in the text (`%operator%`): the page's texts are raw strings, not ICU messages.
  return JSON.parse(JSON.stringify(raw), (_key, value: unknown) => (typeof value === 'string' ? value.replace(/%(\w+)%/g, (whole, name: string) => values[name] ?? whole) : value)) as ContentPageMessages;
}

interface ContentPageOptions {
  /** Fill the `%name%` places of the text (per locale). */
  values?: (locale: Locale) => Promise<Record<string, string>>;
  /** A legal page: the seller's requisites follow the text. */
  requisites?: RequisitesPage;
}

/** Page component and metadata for a text page of the default layout (`Pages.<key>` messages). */
export function createContentPage(key: PageKey, page: string, { values = async () => ({}), requisites }: ContentPageOptions = {}) {
  async function generateMetadata({ params }: Params): Promise<Metadata> {
    const { locale } = await params;
    if (!isLocale(locale)) return {};
    const content = await readContentPage(locale, key, await values(locale));
    return pageMetadata({ locale, page, title: content.title, description: content.description });
  }

  async function ContentPage({ params }: Params) {
    const { locale } = await params;
    if (!isLocale(locale)) return null;
    setRequestLocale(locale);
    const [content, nav] = await Promise.all([readContentPage(locale, key, await values(locale)), getTranslations({ locale, namespace: 'Nav' })]);
    return (
      <>
        <JsonLd data={breadcrumbLd(locale, nav('home'), page, content.title)} />
        <PageHero heading={content.heading} lead={content.lead} />
        <div className="container-page py-4">
          <ContentSections sections={content.sections} />
          {requisites ? <SellerRequisites locale={locale} page={requisites} /> : null}
        </div>
      </>
    );
  }

  return { generateMetadata, Page: ContentPage };
}
