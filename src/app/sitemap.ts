import type { MetadataRoute } from 'next';
import { LOCALE_TAGS, LOCALES } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { allPages } from '@/site/site-pages.mjs';

/** Every page in both languages, each with its alternates. */
export default function sitemap(): MetadataRoute.Sitemap {
  const absolute = (path: string) => `${publicEnv.siteUrl}${path}`;
  return allPages.flatMap((page) =>
    LOCALES.map((locale) => ({
      url: absolute(localizedPath(locale, page)),
      changeFrequency: 'monthly' as const,
      priority: page === '' ? 1 : 0.7,
      alternates: {
        languages: Object.fromEntries(LOCALES.map((l) => [LOCALE_TAGS[l], absolute(localizedPath(l, page))])),
      },
    })),
  );
}
