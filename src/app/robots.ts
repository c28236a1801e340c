import type { MetadataRoute } from 'next';
import { publicEnv } from '@/lib/public-env';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/ru/auth/', '/en/auth/', '/auth/', '/ru/desk', '/en/desk', '/desk'] },
    sitemap: `${publicEnv.siteUrl}/sitemap.xml`,
  };
}
