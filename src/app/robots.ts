import type { MetadataRoute } from 'next';
import { pageOrigin } from '@/server/http/page-origin';

/** The crawlers' rules and the sitemap, at the site's address (or the request's). */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await pageOrigin();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/ru/auth/', '/en/auth/', '/auth/', '/ru/desk', '/en/desk', '/desk'] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
