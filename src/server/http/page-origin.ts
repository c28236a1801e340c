import 'server-only';
import { headers } from 'next/headers';
import { publicEnv } from '@/lib/public-env';
import { requestOrigin } from './request-origin';

/**
 * The site's absolute address for a route that must name it (the sitemap, robots.txt):
 * NEXT_PUBLIC_SITE_URL, built in; without it, the origin this request was sent to (reading the
 * request's headers makes the route rendered per request, never pre-rendered with a made-up host).
 */
export async function pageOrigin(): Promise<string> {
  if (publicEnv.siteUrl) return publicEnv.siteUrl;
  return requestOrigin(await headers()) ?? '';
}
