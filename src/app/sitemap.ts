import type { MetadataRoute } from 'next';
import { localeTags, locales } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { allPages } from '@/lib/site-pages';

/** Every page in both languages, each with its alternates. */
export default function sitemap(): MetadataRoute.Sitemap {
  const absolute = (path: string) => `${publicEnv.siteUrl}${path}`;
  return allPages.flatMap((page) =>
    locales.map((locale) => ({
      url: absolute(localizedPath(locale, page)),
      changeFrequency: 'monthly' as const,
      priority: page === '' ? 1 : 0.7,
      alternates: {
        languages: Object.fromEntries(locales.map((l) => [localeTags[l], absolute(localizedPath(l, page))])),
      },
    })),
  );
}
