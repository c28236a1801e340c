import type { MetadataRoute } from 'next';
import { LOCALE_TAGS, LOCALES } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { pageOrigin } from '@/server/http/page-origin';
import { allPages, sitemapPages } from '@/site/site-pages.mjs';

/** Every page in each language that lists it (src/site/site-pages.mjs's sitemapPages), each with its alternates, at the site's address (or the request's). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = await pageOrigin();
  const absolute = (path: string) => `${origin}${path}`;
  return allPages.flatMap((page) => {
    const locales = LOCALES.filter((locale) => sitemapPages(locale).includes(page));
    return locales.map((locale) => ({
      url: absolute(localizedPath(locale, page)),
      changeFrequency: 'monthly' as const,
      priority: page === '' ? 1 : 0.7,
      alternates: {
        languages: Object.fromEntries(locales.map((l) => [LOCALE_TAGS[l], absolute(localizedPath(l, page))])),
      },
    }));
  });
}
