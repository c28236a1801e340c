import 'server-only';

/**
 * Refuses posts a browser made on behalf of another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` whose host is not the host the request was sent to. Requests without either header
 * (curl, server-to-server, old browsers) pass.
 */
export function isCrossOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  const hosts = [request.headers.get('x-forwarded-host'), request.headers.get('host')]
    .flatMap((value) => (value ? value.split(',') : []))
    .map((value) => value.trim().toLowerCase());
  if (hosts.length === 0) {
    try {
      hosts.push(new URL(request.url).host.toLowerCase());
    } catch {
      return true;
    }
  }
  return !hosts.includes(originHost);
}
