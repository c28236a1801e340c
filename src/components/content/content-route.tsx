import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/lib/locales';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { breadcrumbLd } from '@/lib/seo/structured-data';
import { JsonLd } from '@/components/seo/json-ld';
import { ContentSections } from './content-sections';
import type { ContentPageMessages } from './content-types';
import { PageHero } from './page-hero';

type Params = { params: Promise<{ locale: string }> };

export async function readContentPage(locale: Locale, key: string): Promise<ContentPageMessages> {
  const t = await getTranslations({ locale, namespace: 'Pages' });
  return t.raw(key) as ContentPageMessages;
}

/** Page component and metadata for a text page of the default layout (`Pages.<key>` messages). */
export function contentRoute(key: string, page: string) {
  async function generateMetadata({ params }: Params): Promise<Metadata> {
    const { locale } = await params;
    if (!isLocale(locale)) return {};
    const content = await readContentPage(locale, key);
    return pageMetadata({ locale, page, title: content.title, description: content.description });
  }

  async function ContentRoutePage({ params }: Params) {
    const { locale } = await params;
    if (!isLocale(locale)) return null;
    setRequestLocale(locale);
    const [content, nav] = await Promise.all([readContentPage(locale, key), getTranslations({ locale, namespace: 'Nav' })]);
    return (
      <>
        <JsonLd data={breadcrumbLd(locale, nav('home'), page, content.title)} />
        <PageHero heading={content.heading} lead={content.lead} />
        <div className="container-page py-4">
          <ContentSections sections={content.sections} />
        </div>
      </>
    );
  }

  return { generateMetadata, Page: ContentRoutePage };
}
