import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSettings } from '../settings/settings.mjs';
import { createEdge } from './edge.mjs';
import type { Access } from './observability.mjs';
import type { PreparedPage } from './prepared-build.mjs';
import { inlineScriptHashes } from './security-headers.mjs';

/*
 * The edge as a unit (src/runtime/edge.mjs): made with stand-ins for the Next.js process (a small
 * HTTP server on a unix socket), the prepared pages, the log and the metrics, and asked over HTTP
 * on 127.0.0.1. tests/edge.int.test.ts and its siblings ask the real server, built.
 */

const PAGE = '<html><head><script>self.x=1</script></head><body>ru</body></html>';
const NOT_FOUND_PAGE = '<html><body>not found</body></html>';

function prepared(html: string, etag: string): PreparedPage {
  const identity = Buffer.from(html);
  return { etag, scriptHashes: inlineScriptHashes(html), identity, gzip: gzipSync(identity), br: brotliCompressSync(identity) };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What the stand-in app was asked. */
interface Asked {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The stand-in for the Next.js process: /api/health answers 200, anything else says what it was asked. */
async function fakeApp() {
  const dir = mkdtempSync(join(tmpdir(), 'edge-test-'));
  const socketPath = join(dir, 'app.sock');
  const asked: Asked[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      asked.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/api/health') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":{"status":"ok"}}');
        return;
      }
      // What Next.js says of a page's cache, which the edge's own word replaces for pages.
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 's-maxage=31536000', 'X-App': 'yes' }).end(`app: ${req.method} ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  const stops: number[] = [];
  return {
    app: {
      socketPath,
      alive: true,
      metrics: async () => null,
      stop: async () => {
        stops.push(Date.now());
      },
    },
    asked,
    stops,
    close() {
      server.closeAllConnections();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Everything a started edge needs to be asked and taken down again. */
let started: { close: () => Promise<void> }[] = [];

async function startEdge(env: Record<string, string> = {}) {
  const fake = await fakeApp();
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const accessed: Access[] = [];
  const observed: [string, number][] = [];
  const settings = parseSettings({ DRAIN_SECONDS: '0', STOP_TIMEOUT_SECONDS: '1', GEO_HEADER: 'x-test-country', ...env });
  const edge = createEdge(settings, {
    app: fake.app,
    pages: new Map([
      ['/ru', prepared(PAGE, 'page-ru')],
      ['/ru/page-not-found', prepared(NOT_FOUND_PAGE, 'nf-ru')],
      ['/ru/auth/sign', prepared(PAGE, 'sign-ru')],
    ]),
    assets: new Map(),
    log,
    access: (line) => accessed.push(line),
    metrics: { geoDate: undefined, observe: (route, status) => observed.push([route, status]), scrape: async () => ({ contentType: Registry.PROMETHEUS_CONTENT_TYPE, text: '' }) },
  });
  await new Promise<void>((resolve) => edge.server.listen(0, '127.0.0.1', resolve));
  const { port } = edge.server.address() as AddressInfo;
  // Kept-alive connections, as a browser's: the answers say whether the connection may stay.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (path: string, headers: OutgoingHttpHeaders = {}, method = 'GET', body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const asking = request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      asking.on('error', reject);
      asking.end(body);
    });
  const close = async () => {
    agent.destroy();
    await edge.stop('SIGTERM');
    // The drain closes the listening socket only; http.Server's close also ends its timers.
    edge.server.close(() => {});
    fake.close();
  };
  started.push({ close });
  return { edge, ask, asked: fake.asked, stops: fake.stops, lines, accessed, observed };
}

afterEach(async () => {
  await Promise.all(started.map(({ close }) => close()));
  started = [];
});

describe('the edge', () => {
  it('serves a prepared page from memory with its own policy and ETag, 304 when the browser has it, and the 404 page below a language', async () => {
    const { ask, asked, accessed } = await startEdge();
    const page = await ask('/ru', { 'Accept-Encoding': 'gzip, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe(PAGE);
    expect(page.headers.etag).toBe('"page-ru-br"');
    // The page's inline script by its hash, as a browser computes it; no nonce.
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${createHash('sha256').update('self.x=1').digest('base64')}' 'strict-dynamic'`);
    expect(policy).not.toContain('nonce-');
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const again = await ask('/ru', { 'Accept-Encoding': 'gzip, br', 'If-None-Match': '"page-ru-br"' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe('"page-ru-br"');

    const missing = await ask('/ru/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toBe(NOT_FOUND_PAGE);

    // None of it asked the app; each answer has its access line.
    expect(asked).toEqual([]);
    expect(accessed.map(({ route, status }) => [route, status])).toEqual([
      ['page', 200],
      ['page', 304],
      ['page', 404],
    ]);
  });

  it('sends the opener policy with every answer but a public page: the partner area, its sign-in and the desk keep it', async () => {
    const { ask } = await startEdge();
    const opener = async (path: string) => (await ask(path)).headers['cross-origin-opener-policy'];
    // Public pages, served from memory (the 404 page too) or rendered by the app (a tool's answer).
    for (const path of ['/ru', '/ru/nothing-here', '/ru/vehicle?vin=WVWZZZ1JZXW000001']) expect(await opener(path), path).toBeUndefined();
    // Private pages, served from memory or rendered by the app; and what is not a page.
    for (const path of ['/ru/auth/sign', '/ru/desk', '/ru/desk/leads/1', '/api/health', '/pay']) expect(await opener(path), path).toBe('same-origin');
  });

  it('redirects an unprefixed address to the visitor\'s language, keeping path and query, and remembers it in the cookie', async () => {
    const { ask } = await startEdge();
    const inRussia = await ask('/pay?tariff=1', { 'X-Test-Country': 'RU', 'Accept-Language': 'en' });
    expect(inRussia.status).toBe(307);
    expect(inRussia.headers.location).toBe('/ru/pay?tariff=1');
    expect(inRussia.headers['set-cookie']).toEqual(['i18n_redirected=ru; Path=/; Max-Age=31536000; SameSite=Lax']);
    expect(inRussia.headers['cache-control']).toBe('private, no-store');

    const elsewhere = await ask('/', { 'X-Test-Country': 'DE', 'Accept-Language': 'en-GB, ru;q=0.5' });
    expect(elsewhere.headers.location).toBe('/en');
    // The cookie, once set, decides.
    const chosen = await ask('/', { 'X-Test-Country': 'RU', Cookie: 'i18n_redirected=en' });
    expect(chosen.headers.location).toBe('/en');
  });

  it('answers /livez itself and /readyz from the app\'s health', async () => {
    const { ask, asked } = await startEdge();
    const live = await ask('/livez');
    expect([live.status, live.body.toString(), live.headers['cache-control']]).toEqual([200, 'ok\n', 'no-store']);
    expect(asked).toEqual([]);

    const ready = await ask('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toMatchObject({ ready: true, status: 'ready', app: 'up', database: 'up' });
    expect(asked.map(({ url, headers }) => [url, headers['x-request-id']])).toEqual([['/api/health', ready.headers['x-request-id']]]);
  });

  it('forwards the rest to the app, with the client\'s address, the request id and a fresh nonce; a page\'s Cache-Control stays the edge\'s', async () => {
    const { ask, asked, accessed } = await startEdge();
    const desk = await ask('/ru/desk?tab=leads', { 'X-Forwarded-For': '203.0.113.7' });
    expect(desk.status).toBe(200);
    expect(desk.body.toString()).toBe('app: GET /ru/desk?tab=leads');
    expect(desk.headers['x-app']).toBe('yes');
    expect(desk.headers['cache-control']).toBe('no-store');
    const policy = String(desk.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    const [forwarded] = asked;
    expect(forwarded?.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(forwarded?.headers['x-request-id']).toBe(desk.headers['x-request-id']);
    expect(forwarded?.headers['content-security-policy']).toBe(policy);

    const post = await ask('/api/telega/lead', { 'Content-Type': 'application/json' }, 'POST', '{"name":"x"}');
    expect(post.body.toString()).toBe('app: POST /api/telega/lead');
    expect(asked[1]?.body).toBe('{"name":"x"}');
    // An API's answer keeps the app's headers.
    expect(post.headers['cache-control']).toBe('s-maxage=31536000');
    expect(accessed.map(({ route, status }) => [route, status])).toEqual([
      ['desk', 200],
      ['lead', 200],
    ]);
  });

  it('drains when stopped: /readyz answers 503, every other answer closes its connection, then the listener closes and the app stops', async () => {
    const { edge, ask, stops, lines } = await startEdge({ DRAIN_SECONDS: '1' });
    const before = await ask('/livez');
    expect(before.headers.connection).toBe('keep-alive');

    const stopped = edge.stop('SIGTERM');
    expect(edge.stop('SIGINT')).toBe(stopped);
    const ready = await ask('/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body.toString())).toMatchObject({ ready: false, status: 'draining' });
    expect(ready.headers.connection).toBe('close');
    for (const path of ['/livez', '/ru', '/ru/desk']) {
      const answer = await ask(path);
      expect([path, answer.status, answer.headers.connection]).toEqual([path, 200, 'close']);
    }
    expect(stops).toEqual([]);

    await stopped;
    expect(edge.server.listening).toBe(false);
    expect(stops).toHaveLength(1);
    expect(lines.map(({ msg }) => msg)).toEqual([
      'received SIGTERM: draining (/readyz answers 503)',
      'listener closed; answering what the open connections send, each answer closing its connection',
      'stopped',
    ]);
  });
});
