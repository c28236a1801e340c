// The HTTP server: a thin edge in front of Next.js (docs/decisions/001, 004, 009, 013).
// - appends the socket peer to X-Forwarded-For, so TRUST_PROXY picks the client from its right end;
// - routes: locale redirects, the visitor's variant of product pages, a tool's answer rendered per
//   request (src/runtime/router.mjs);
// - serves pre-rendered pages from memory as prepared at build time: compressed once, a CSP of
//   their inline scripts' hashes, ETag/304, a Cache-Control a CDN may follow (src/runtime/static-pages.mjs);
//   and the build's static assets the same way (src/runtime/static-assets.mjs);
// - forwards everything else to Next.js, which runs in a process of its own (./next-app.mjs),
//   with a per-response nonce in the request so Next puts it on its scripts.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './app-process.mjs';
import { loadPreparedAssets } from './asset-bytes.mjs';
import { inlineScriptHashes, loadPreparedPages } from './page-bytes.mjs';
import { appProxy } from './proxy.mjs';
import { routeRequest } from './router.mjs';
import { allowsThirdParties, contentSecurityPolicy, createNonce, securityHeaders } from './security-headers.mjs';
import { staticAssets } from './static-assets.mjs';
import { staticPages } from './static-pages.mjs';
import { CONSENT_CHECK } from '../site/consent.mjs';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../site/locales.mjs';
import { visitorOf } from '../site/visitor.mjs';
import { settingsOrExit } from '../settings/settings.mjs';

const dev = process.argv.includes('--dev');
process.env.NODE_ENV ||= dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

// Every setting is checked once, here, before anything starts: a bad one stops the start with its name.
const settings = settingsOrExit(process.env);
const { PORT: port, HOST: hostname, TRUST_PROXY: trustProxy, LOCALE_PREFIX: localePrefix, GEO_HEADER: geoHeader, CDN_MAX_AGE: cdnMaxAge } = settings;
const analytics = Boolean(settings.NEXT_PUBLIC_YM_ID);
// Pages rendered per request carry the consent notice's inline check too (docs/decisions/020):
// Next.js puts the nonce on its own scripts only, so the policy lists the check's hash beside it.
const perRequestScripts = analytics ? inlineScriptHashes(`<script>${CONSENT_CHECK}</script>`) : [];
const root = fileURLToPath(new URL('../..', import.meta.url));
const baseHeaders = securityHeaders({ production: !dev });
/** The pre-rendered 404 page of each language (src/app/[locale]/(bare)/page-not-found). */
const NOT_FOUND = 'page-not-found';

const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
const app = startApp({
  entry: fileURLToPath(new URL('./next-app.mjs', import.meta.url)),
  env: process.env,
  onExit: (code, signal) => {
    console.error(JSON.stringify({ level: 60, time: Date.now(), msg: `the Next.js process ended (${signal ?? code}); stopping` }));
    process.exit(1);
  },
});
const [preparedPages, preparedAssets] = dev ? [new Map(), new Map()] : await Promise.all([loadPreparedPages(distDir, { metricaId: Number(settings.NEXT_PUBLIC_YM_ID) || 0 }), loadPreparedAssets(distDir)]);
await app.ready;
const proxy = appProxy(app.socketPath);
const assets = staticAssets(preparedAssets, { baseHeaders });
const pages = staticPages(preparedPages, {
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
server.on('upgrade', (req, socket, head) => proxy.upgrade(req, socket, head));

/** Every request through the edge ends in an answer (a throw included: see fail). */
function answer(req, res) {
  const target = requestTarget(req.url);
  if (!target) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Bad request');
    return;
  }
  const { pathname, search } = target;
  if (pathname.startsWith('/_next/static/') && assets.serve(req, res, pathname)) return;
  const route = routeRequest({
    pathname,
    search,
    cookie: req.headers.cookie ? readCookie(req.headers.cookie, LOCALE_COOKIE) : undefined,
    acceptLanguage: req.headers['accept-language'],
    // Looked up only for the routes that depend on it (product pages, unprefixed URLs).
    isRu: () => visitorOf(forwardedFor(req), trustProxy, geoHeader ? req.headers[geoHeader] : null).isRu,
    localePrefix,
  });
  const isRsc = req.headers.rsc !== undefined || search.includes('_rsc=');
  // A tool's answer (`perRequest`) is rendered by Next.js: it has no pre-rendered page.
  if (route.kind === 'page' && !route.perRequest && !isRsc && (req.method === 'GET' || req.method === 'HEAD') && pages.size) {
    const negotiated = route.negotiated === true;
    if (!route.path.endsWith(`/${NOT_FOUND}`) && pages.serve(req, res, route.path, negotiated)) return;
    // Every page that exists is pre-rendered: anything else below a locale is the 404 page.
    if (pages.serve(req, res, `/${route.path.split('/')[1]}/${NOT_FOUND}`, negotiated, 404)) return;
  }

  req.headers['x-forwarded-for'] = forwardedFor(req);
  const csp = contentSecurityPolicy([`'nonce-${createNonce()}'`, ...perRequestScripts], { analytics: allowsThirdParties(route, analytics), development: dev });
  for (const [name, value] of baseHeaders) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', csp);
  req.headers['content-security-policy'] = csp;

  if (route.kind === 'redirect') {
    res.statusCode = 307;
    res.setHeader('Location', route.location);
    // Chosen from this visitor's cookie, country and language: no shared cache may keep it.
    res.setHeader('Cache-Control', 'private, no-store');
    if (route.localeCookie) res.setHeader('Set-Cookie', `${LOCALE_COOKIE}=${route.localeCookie}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`);
    res.end();
    return;
  }
  if (route.kind === 'page') {
    // Rendered per request (and maybe per visitor): shared caches must not keep it; the desk
    // (staff and their leads) is kept by no cache at all.
    res.setHeader('Cache-Control', route.noStore ? 'no-store' : 'private, no-cache');
  }
  proxy.forward(req, res, route.kind === 'page' ? `${route.path}${search}` : (req.url ?? '/'), (error) => fail(res, error, 502));
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
 * cannot be decoded), 500 for our own fault (502 when the app could not be reached), logged with
 * a request id that the answer carries.
 */
function fail(res, error, ownStatus = 500) {
  const requestId = randomUUID();
  const clientFault = error instanceof URIError || error?.code === 'ERR_INVALID_URL';
  const status = clientFault ? 400 : ownStatus;
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
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `listening on http://${hostname}:${port}`, dev, staticPages: pages.size, staticAssets: assets.size }));
});

/** Graceful stop: stop accepting, let the app process close what it holds (the database), then exit. */
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `received ${signal}, shutting down` }));
  server.close();
  server.closeIdleConnections?.();
  await app.stop();
  proxy.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
