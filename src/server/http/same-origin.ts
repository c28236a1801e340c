import 'server-only';
import { getEnv } from '../env';

/** The first value of a header a proxy may have appended to (`a, b` → `a`). */
const first = (value: string | null) => value?.split(',')[0]?.trim().toLowerCase() || undefined;

/**
 * Refuses posts a browser made on behalf of another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` (scheme, host and port) that is neither the site's own (NEXT_PUBLIC_SITE_URL) nor the
 * origin the request was sent to. That origin is the `Host` header with the request's scheme; a
 * proxy's `X-Forwarded-Host` and `X-Forwarded-Proto` count only when TRUST_PROXY says there is a
 * proxy in front (otherwise anyone could name the host to compare with). Requests without either
 * header (curl, server-to-server, old browsers) pass.
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
  const env = getEnv();
  const allowed = new Set<string>([new URL(env.NEXT_PUBLIC_SITE_URL).origin.toLowerCase()]);
  let url: URL | undefined;
  try {
    url = new URL(request.url);
  } catch {}
  const proxied = env.TRUST_PROXY > 0;
  const host = (proxied ? first(request.headers.get('x-forwarded-host')) : undefined) ?? first(request.headers.get('host')) ?? url?.host.toLowerCase();
  const scheme = (proxied ? first(request.headers.get('x-forwarded-proto')) : undefined) ?? url?.protocol.replace(/:$/, '');
  if (host && (scheme === 'http' || scheme === 'https')) {
    try {
      allowed.add(new URL(`${scheme}://${host}`).origin.toLowerCase());
    } catch {}
  }
  return !allowed.has(given);
}
