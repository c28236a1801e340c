import 'server-only';
import { getEnv } from '../env';

/** The first value of a header a proxy may have appended to (`a, b` → `a`). */
const first = (value: string | null) => value?.split(',')[0]?.trim().toLowerCase() || undefined;

/**
 * The origin (scheme, host and port) a request was sent to: the `Host` header with the request's
 * scheme (from its URL; plain http for a page, which the edge serves over http behind any TLS
 * proxy). A proxy's `X-Forwarded-Host` and `X-Forwarded-Proto` count only when TRUST_PROXY says
 * there is a proxy in front (otherwise anyone could name the host). Undefined when they give no
 * well-formed http(s) origin.
 */
export function requestOrigin(headers: Headers, url?: string): string | undefined {
  let parsed: URL | undefined;
  try {
    parsed = url ? new URL(url) : undefined;
  } catch {}
  const proxied = getEnv().TRUST_PROXY > 0;
  const host = (proxied ? first(headers.get('x-forwarded-host')) : undefined) ?? first(headers.get('host')) ?? parsed?.host.toLowerCase();
  const scheme = (proxied ? first(headers.get('x-forwarded-proto')) : undefined) ?? (url ? parsed?.protocol.replace(/:$/, '') : 'http');
  if (!host || (scheme !== 'http' && scheme !== 'https')) return undefined;
  try {
    return new URL(`${scheme}://${host}`).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The site's address: NEXT_PUBLIC_SITE_URL, else the origin the request was sent to. */
export function siteOrigin(headers: Headers, url?: string): string | undefined {
  return getEnv().NEXT_PUBLIC_SITE_URL ?? requestOrigin(headers, url);
}
