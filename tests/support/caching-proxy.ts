import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Stored {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  vary: string[];
  varyValues: string[];
  expires: number;
}

/**
 * A shared cache on loopback, playing a CDN in front of the site: it keeps GET answers that say
 * `public` with an `s-maxage`, keyed by URL and the request headers their `Vary` names, and marks
 * what it served `X-Cache: HIT` or `MISS`. What it keeps is readable, to check that no stored
 * answer carries a Set-Cookie.
 */
export async function startCachingProxy(origin: string) {
  const store = new Map<string, Stored[]>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
    const hit = req.method === 'GET' ? store.get(url)?.find((entry) => entry.expires > Date.now() && entry.vary.every((name, i) => header(name) === entry.varyValues[i])) : undefined;
    if (hit) {
      res.writeHead(hit.status, { ...hit.headers, 'x-cache': 'HIT' });
      res.end(hit.body);
      return;
    }
    const upstream = request(`${origin}${url}`, { method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const control = String(answer.headers['cache-control'] ?? '');
        const maxAge = /s-maxage=(\d+)/.exec(control)?.[1];
        if (req.method === 'GET' && /\bpublic\b/.test(control) && !/\b(private|no-store)\b/.test(control) && maxAge && Number(maxAge) > 0) {
          const vary = String(answer.headers.vary ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean);
          const entry = { status: answer.statusCode ?? 200, headers: answer.headers, body, vary, varyValues: vary.map(header), expires: Date.now() + Number(maxAge) * 1000 };
          store.set(url, [...(store.get(url) ?? []), entry]);
        }
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-cache': 'MISS' });
        res.end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stored: () => [...store.entries()].flatMap(([url, entries]) => entries.map((entry) => ({ url, headers: entry.headers }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
