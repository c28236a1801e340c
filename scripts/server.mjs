// The HTTP server: a thin edge in front of Next.js (docs/decisions/001, 004, 009).
// - appends the socket peer to X-Forwarded-For, so TRUST_PROXY picks the client from its right end;
// - routes: locale redirects, the visitor's variant of product pages (src/edge/router.mjs);
// - serves pre-rendered pages from memory as prepared at build time: compressed once, a CSP of
//   their inline scripts' hashes, ETag/304, a Cache-Control a CDN may follow (src/edge/static-pages.mjs);
// - hands everything else to Next.js, with a per-response nonce in the request so Next puts it on
//   its scripts.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { edgeSettings } from '../src/edge/edge-settings.mjs';
import { loadPreparedPages } from '../src/edge/page-bytes.mjs';
import { routeRequest } from '../src/edge/router.mjs';
import { contentSecurityPolicy, createNonce, securityHeaders } from '../src/edge/security-headers.mjs';
import { staticPages } from '../src/edge/static-pages.mjs';
import { visitorOf } from '../src/edge/visitor.mjs';

// libuv's thread pool runs password hashing (at most 2 at once, src/server/auth/passwords.ts),
// file reads, DNS and zlib: 8 threads keep 6 free for the rest while a login flood hashes. Read at
// the pool's first use, which comes after this line.
process.env.UV_THREADPOOL_SIZE ||= '8';
const dev = process.argv.includes('--dev');
process.env.NODE_ENV ||= dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { port, hostname, trustProxy, localePrefix, analytics, geoHeader, cdnMaxAge } = edgeSettings(process.env);
const { default: next } = await import('next');

const root = fileURLToPath(new URL('..', import.meta.url));
const baseHeaders = securityHeaders({ production: !dev });
const COOKIE = 'i18n_redirected';
/** The pre-rendered 404 page of each language (src/app/[locale]/(bare)/page-not-found). */
const NOT_FOUND = 'page-not-found';
const COOKIE_MAX_AGE = 31_536_000;

// Next builds its internal URLs from this hostname and spells loopback addresses as "localhost".
const app = next({ dev, dir: root, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();
const pages = staticPages(dev ? new Map() : await loadPreparedPages(join(root, process.env.NEXT_DIST_DIR || '.next')), {
  baseHeaders,
  policy: (hashes) => contentSecurityPolicy(hashes, { analytics, development: dev }),
  cdnMaxAge,
  geoHeader,
});

/**
 * How long a client may take: its request headers, then its whole request (a form post is a few
 * KB). A slow or stalled client is cut off instead of holding a socket for Node's default 300 s;
 * the check runs every 2 s. A reverse proxy in front should use the same or shorter limits.
 */
const CLIENT_LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 2_000 };

const server = createServer(CLIENT_LIMITS, (req, res) => {
  try {
    answer(req, res);
  } catch (error) {
    fail(res, error);
  }
});
server.keepAliveTimeout = 65_000;

/** Every request through the edge ends in an answer (a throw included: see fail). */
function answer(req, res) {
  const target = requestTarget(req.url);
  if (!target) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Bad request');
    return;
  }
  const { pathname, search } = target;
  const route = routeRequest({
    pathname,
    search,
    cookie: req.headers.cookie ? readCookie(req.headers.cookie, COOKIE) : undefined,
    acceptLanguage: req.headers['accept-language'],
    // Looked up only for the routes that depend on it (product pages, unprefixed URLs).
    isRu: () => visitorOf(forwardedFor(req), trustProxy, geoHeader ? req.headers[geoHeader] : null).isRu,
    localePrefix,
  });
  const isRsc = req.headers.rsc !== undefined || search.includes('_rsc=');
  if (route.kind === 'page' && !route.dynamic && !isRsc && (req.method === 'GET' || req.method === 'HEAD') && pages.size) {
    const negotiated = route.negotiated === true;
    if (!route.path.endsWith(`/${NOT_FOUND}`) && pages.serve(req, res, route.path, negotiated)) return;
    // Every page that exists is pre-rendered: anything else below a locale is the 404 page.
    if (pages.serve(req, res, `/${route.path.split('/')[1]}/${NOT_FOUND}`, negotiated, 404)) return;
  }

  req.headers['x-forwarded-for'] = forwardedFor(req);
  const csp = contentSecurityPolicy([`'nonce-${createNonce()}'`], { analytics, development: dev });
  for (const [name, value] of baseHeaders) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', csp);
  req.headers['content-security-policy'] = csp;

  if (route.kind === 'redirect') {
    res.statusCode = 307;
    res.setHeader('Location', route.location);
    // Chosen from this visitor's cookie, country and language: no shared cache may keep it.
    res.setHeader('Cache-Control', 'private, no-store');
    if (route.localeCookie) res.setHeader('Set-Cookie', `${COOKIE}=${route.localeCookie}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`);
    res.end();
    return;
  }
  if (route.kind === 'page') {
    req.url = `${route.path}${search}`;
    // Rendered per request (and maybe per visitor): shared caches must not keep it; the desk
    // (staff and their leads) is kept by no cache at all.
    res.setHeader('Cache-Control', route.dynamic ? 'no-store' : 'private, no-cache');
  }
  handle(req, res).catch((error) => fail(res, error));
}

/** X-Forwarded-For with the socket peer appended: TRUST_PROXY picks the client from its right end. */
function forwardedFor(req) {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  const chain = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  return chain ? `${chain}, ${peer}` : peer;
}

/**
 * The path and query of a request target: origin-form as it is (no URL parsing on the hot path),
 * absolute-form through the URL parser; undefined for anything else.
 * @param {string | undefined} url
 */
function requestTarget(url = '/') {
  if (url.startsWith('/') && !url.startsWith('//')) {
    const queryAt = url.indexOf('?');
    return queryAt < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, queryAt), search: url.slice(queryAt) };
  }
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { pathname: parsed.pathname, search: parsed.search } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The last word on a request that threw: 400 for what the client sent (a target or cookie that
 * cannot be decoded), 500 for our own fault, logged with a request id that the answer carries.
 */
function fail(res, error) {
  const requestId = randomUUID();
  const clientFault = error instanceof URIError || error?.code === 'ERR_INVALID_URL';
  const status = clientFault ? 400 : 500;
  console.error(JSON.stringify({ level: clientFault ? 40 : 50, time: Date.now(), msg: clientFault ? 'bad request' : 'request failed', requestId, err: error instanceof Error ? error.stack : String(error) }));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-Id': requestId, Connection: 'close' });
  res.end(clientFault ? 'Bad request' : `Internal error (request ${requestId})`);
}

function readCookie(header, name) {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

server.listen(port, hostname, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `listening on http://${hostname}:${port}`, dev, staticPages: pages.size }));
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
