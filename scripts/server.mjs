// The HTTP server: a thin edge in front of Next.js (docs/decisions/001, 004).
// - appends the socket peer to X-Forwarded-For, so TRUST_PROXY picks the client from its right end;
// - routes: locale redirects, the visitor's variant of product pages (src/edge/router.mjs);
// - serves pre-rendered pages from memory, each response with its own CSP nonce;
// - hands everything else to Next.js, with the nonce in the request so Next puts it on its scripts.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseEncoding, compress } from '../src/edge/compress.mjs';
import { routeRequest } from '../src/edge/router.mjs';
import { contentSecurityPolicy, createNonce, securityHeaders } from '../src/edge/security-headers.mjs';
import { loadStaticPages, withNonce } from '../src/edge/static-pages.mjs';
import { visitorOf } from '../src/edge/visitor.mjs';

const dev = process.argv.includes('--dev');
process.env.NODE_ENV ||= dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { default: next } = await import('next');

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';
const trustProxy = Number(process.env.TRUST_PROXY || 0);
const localePrefix = process.env.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always';
const analytics = Boolean(process.env.NEXT_PUBLIC_YM_ID);
const baseHeaders = securityHeaders({ production: !dev });
const COOKIE = 'i18n_redirected';
const COOKIE_MAX_AGE = 31_536_000;

// Next builds its internal URLs from this hostname and spells loopback addresses as "localhost".
const app = next({ dev, dir: root, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const staticPages = dev ? new Map() : loadStaticPages(join(root, process.env.NEXT_DIST_DIR || '.next'));

const server = createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  const chain = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;

  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, { analytics, development: dev });
  for (const [name, value] of baseHeaders) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', csp);
  req.headers['content-security-policy'] = csp;

  const url = new URL(req.url ?? '/', 'http://localhost');
  const route = routeRequest({
    pathname: url.pathname,
    search: url.search,
    cookie: readCookie(req.headers.cookie, COOKIE),
    acceptLanguage: req.headers['accept-language'],
    isRu: visitorOf(req.headers['x-forwarded-for'], trustProxy).isRu,
    localePrefix,
  });

  if (route.kind === 'redirect') {
    res.statusCode = 307;
    res.setHeader('Location', route.location);
    if (route.localeCookie) res.setHeader('Set-Cookie', `${COOKIE}=${route.localeCookie}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`);
    res.end();
    return;
  }
  if (route.kind === 'page') {
    const isRsc = req.headers.rsc !== undefined || url.searchParams.has('_rsc');
    const parts = staticPages.get(route.path);
    if (parts && !isRsc && (req.method === 'GET' || req.method === 'HEAD')) {
      serveStatic(req, res, withNonce(parts, nonce)).catch((error) => fail(res, error));
      return;
    }
    req.url = `${route.path}${url.search}`;
    // The answer depends on the visitor's address (product pages): shared caches must not keep it.
    res.setHeader('Cache-Control', 'private, no-cache');
  }
  handle(req, res).catch((error) => fail(res, error));
});
server.keepAliveTimeout = 65_000;

/** A pre-rendered page, compressed for this response (its nonce makes every body unique). */
async function serveStatic(req, res, html) {
  const body = Buffer.from(html);
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const payload = encoding ? await compress(body, encoding) : body;
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

function fail(res, error) {
  console.error(error);
  if (!res.headersSent) res.statusCode = 500;
  res.end();
}

function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

server.listen(port, hostname, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `listening on http://${hostname}:${port}`, dev, staticPages: staticPages.size }));
});

/**
 * Graceful stop: stop accepting, let the app close what it holds (the embedded database must be
 * closed or the process does not exit), then exit. The app registers its hooks on
 * globalThis.__appShutdownHooks (src/server/lifecycle/shutdown.ts).
 */
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `received ${signal}, shutting down` }));
  server.close();
  server.closeIdleConnections?.();
  const hooks = globalThis.__appShutdownHooks ?? [];
  const deadline = new Promise((resolve) => setTimeout(resolve, 8_000).unref());
  await Promise.race([Promise.allSettled(hooks.map((hook) => hook())), deadline]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
