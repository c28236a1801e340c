import 'server-only';
import { getEnv } from '../env';
import { requestOrigin } from './request-origin';

/**
 * Refuses posts a browser made on behalf of another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` (scheme, host and port) that is neither the site's own (NEXT_PUBLIC_SITE_URL) nor the
 * origin the request was sent to (requestOrigin: a proxy's `X-Forwarded-*` only behind a trusted
 * proxy). Requests without either header (curl, server-to-server, old browsers) pass.
 */
export function isCrossOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  let given: string;
  try {
    const parsed = new URL(origin);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return true;
    given = parsed.origin.toLowerCase();
  } catch {
    return true;
  }
  const siteUrl = getEnv().NEXT_PUBLIC_SITE_URL;
  const allowed = new Set<string>(siteUrl ? [new URL(siteUrl).origin.toLowerCase()] : []);
  const own = requestOrigin(request.headers, request.url);
  if (own) allowed.add(own);
  return !allowed.has(given);
}
