import type { Metadata } from 'next';
import { LOCALE_TAGS, LOCALES, type Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';

interface PageMetaInput {
  locale: Locale;
  /** Path below the locale ('' for the index). */
  page: string;
  title: string;
  description: string;
  /** The index's title is the brand's line on its own. */
  isIndex?: boolean;
}

/**
 * A page's document title: `<page> — <brand>`, or the page's own title when it names the brand
 * already («О компании EpcSu», not «О компании EpcSu — EpcSu»).
 */
export function documentTitle(title: string): string {
  const brand = publicEnv.siteName;
  return brand && !title.includes(brand) ? `${title} — ${brand}` : title;
}

/** Title `<page> — <brand>`, description, canonical, hreflang alternates and Open Graph. */
export function pageMetadata({ locale, page, title, description, isIndex }: PageMetaInput): Metadata {
  const fullTitle = documentTitle(title);
  const languages = Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l], localizedPath(l, page)]));
  return {
    title: { absolute: fullTitle },
    description,
    alternates: {
      canonical: localizedPath(locale, page),
      languages: { ...languages, 'x-default': localizedPath('ru', page) },
    },
    openGraph: {
      type: 'website',
      siteName: publicEnv.siteName,
      title: isIndex ? publicEnv.siteName : fullTitle,
      description,
      url: localizedPath(locale, page),
      locale: LOCALE_TAGS[locale].replace('-', '_'),
      alternateLocale: LOCALES.filter((l) => l !== locale).map((l) => LOCALE_TAGS[l].replace('-', '_')),
    },
    twitter: { card: 'summary', title: fullTitle, description },
  };
}
