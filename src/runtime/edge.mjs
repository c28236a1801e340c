// The edge: a thin HTTP server in front of Next.js (docs/decisions/052), made by `createEdge` from
// its settings and what it is given (the app's process, the prepared pages and assets, the log and
// the metrics), so that a test can give it stand-ins; src/runtime/server.mjs gives it the real ones.
// - appends the socket peer to X-Forwarded-For, so TRUST_PROXY picks the client from its right end;
// - routes: locale redirects, the visitor's variant of product pages, a tool's answer rendered per
//   request (src/runtime/router.mjs);
// - serves pre-rendered pages from memory as prepared at build time: compressed once, a CSP of
//   their inline scripts' hashes, ETag/304, a Cache-Control a CDN may follow (src/runtime/static-pages.mjs);
//   and the build's static assets the same way (src/runtime/static-assets.mjs);
// - forwards everything else to Next.js, which runs in a process of its own (./next-app.mjs),
//   with a per-response nonce in the request so Next puts it on its scripts;
// - answers the probes (/livez, /readyz) and /metrics itself, before any routing; gives every
//   request an id (X-Request-Id) and writes one access-log line per request; drains when stopped
//   (docs/decisions/021).
/** @import { IncomingMessage, ServerResponse } from 'node:http' */
import { createServer, request as httpRequest } from 'node:http';
import { Server as NetServer } from 'node:net';
import { appProxy } from './proxy.mjs';
import { hasBody } from './unread-body.mjs';
import { routeRequest } from './router.mjs';
import { allowsThirdParties, contentSecurityPolicy, createNonce, inlineScriptHashes, pageHeaders, securityHeaders } from './security-headers.mjs';
import { staticAssets } from './static-assets.mjs';
import { staticPages } from './static-pages.mjs';
import { readCookie } from '../lib/cookies.mjs';
import { bearerIs } from '../site/bearer.mjs';
import { CONSENT_CHECK } from '../site/consent.mjs';
import { geoDataAge, requestIdOf } from './observability.mjs';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../site/locales.mjs';
import { rememberedIsRu } from '../site/visitor.mjs';

/** The pre-rendered 404 page of each language (src/app/[locale]/(bare)/page-not-found). */
const NOT_FOUND = 'page-not-found';
/** The headers of a forwarded page's answer that are the edge's, whatever the app says. */
const EDGE_PAGE_HEADERS = new Set(['cache-control']);

/**
 * How long a client may take: its request headers, then its whole request (a form post is a few
 * KB). A slow or stalled client is cut off instead of holding a socket for Node's default 300 s;
 * the check runs every 2 s. A reverse proxy in front should use the same or shorter limits.
 */
const CLIENT_LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 2_000 };

/**
 * What the edge is given, each replaceable by a stand-in in a test:
 * - `app`: the Next.js process, started and ready (./app-process.mjs): the unix socket it listens
 *   on, whether it runs, its metrics, and its stop;
 * - `pages`, `assets`: what the build prepared (./prepared-build.mjs), empty in development;
 * - `log`, `access`: the edge's log and its access lines (./observability.mjs, `edgeLogging`);
 * - `metrics`: its registry (`edgeMetrics`);
 * - `dev`: `npm run dev` (no HSTS; the policy allows `'unsafe-eval'` and websockets).
 * @typedef {{
 *   app: Pick<ReturnType<typeof import('./app-process.mjs').startApp>, 'socketPath' | 'alive' | 'metrics' | 'stop'>;
 *   pages: Map<string, import('./prepared-build.mjs').PreparedPage>;
 *   assets: Map<string, import('./prepared-build.mjs').PreparedAsset>;
 *   log: import('pino').Logger;
 *   access: (request: import('./observability.mjs').Access) => void;
 *   metrics: ReturnType<typeof import('./observability.mjs').edgeMetrics>;
 *   dev?: boolean;
 * }} EdgeDeps
 */

/**
 * The edge: its `server` (an http.Server, not yet listening) and `stop`, the graceful drain
 * (below), which resolves once the edge is stopped; the process exits after it.
 * @param {Readonly<import('../settings/settings.mjs').Settings>} settings
 * @param {EdgeDeps} deps
 */
export function createEdge(settings, { app, pages: preparedPages, assets: preparedAssets, log, access, metrics, dev = false }) {
  const { TRUST_PROXY: trustProxy, LOCALE_PREFIX: localePrefix, GEO_HEADER: geoHeader, CDN_MAX_AGE: cdnMaxAge } = settings;
  const analytics = Boolean(settings.NEXT_PUBLIC_YM_ID);
  // Pages rendered per request carry the consent notice's inline check too (docs/decisions/020):
  // Next.js puts the nonce on its own scripts only, so the policy lists the check's hash beside it.
  const perRequestScripts = analytics ? inlineScriptHashes(`<script>${CONSENT_CHECK}</script>`) : [];
  const baseHeaders = securityHeaders({ production: !dev });
  const isRuOf = rememberedIsRu(trustProxy);
  const proxy = appProxy(app.socketPath);
  const assets = staticAssets(preparedAssets, { baseHeaders });
  const pages = staticPages(preparedPages, {
    baseHeaders,
    policy: (hashes) => contentSecurityPolicy(hashes, { analytics, development: dev }),
    cdnMaxAge,
    geoHeader,
  });

  /** The stop began (SIGTERM): /readyz answers 503, everything else is still served (with `Connection: close`). */
  let draining = false;
  /** Requests being answered; the stop waits for them after the listener closed. */
  let inFlight = 0;
  /** Their responses: those not yet begun when the drain starts are told to close their connection too. */
  const answering = new Set();
  /** @type {(() => void) | undefined} called during the stop when a request in flight or a connection ends */
  let onIdle;

  const server = createServer(CLIENT_LIMITS, (req, res) => {
    const started = performance.now();
    const requestId = requestIdOf(req, trustProxy);
    const info = { requestId, route: 'other' };
    const socket = req.socket;
    const bytesBefore = socket.bytesWritten;
    /**
     * The access line and the metrics of this answer; `aborted`: its connection ended before its last byte.
     * @param {boolean} aborted
     */
    const account = (aborted) => {
      const seconds = (performance.now() - started) / 1000;
      const status = res.headersSent ? res.statusCode : 0;
      metrics.observe(info.route, status, seconds);
      // No path nor query: they may carry what a visitor typed (a VIN, an e-mail in a link).
      access({ requestId, method: req.method, route: info.route, status, ms: Math.round(seconds * 10_000) / 10, bytes: socket.bytesWritten - bytesBefore, aborted });
    };
    try {
      answer(req, res, info);
    } catch (error) {
      fail(res, requestId, error);
    }
    // An answer from memory (a page, an asset, a probe) is whole and handed to the kernel by now:
    // accounted at once, with no listener nor bookkeeping of a request in flight (docs/decisions/052).
    if (res.writableEnded && res.writableLength === 0 && !socket.destroyed) {
      account(false);
      return;
    }
    inFlight += 1;
    answering.add(res);
    // 'close' comes once for every response: after its last byte, or when its connection ended first.
    res.once('close', () => {
      inFlight -= 1;
      answering.delete(res);
      account(!res.writableFinished);
      if (inFlight === 0) onIdle?.();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('upgrade', (req, socket, head) => proxy.upgrade(req, socket, head));

  /**
   * Every request through the edge ends in an answer (a throw included: see fail).
   * @param {IncomingMessage} req @param {ServerResponse} res @param {{ requestId: string; route: string }} info
   */
  function answer(req, res, info) {
    const target = requestTarget(req.url);
    if (!target) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', 'X-Request-Id': info.requestId }).end('Bad request');
      return;
    }
    const { pathname, search } = target;
    // Headers of this response only: its id, and that its connection ends with it while draining
    // or when the edge answers a request whose body it does not read (./unread-body.mjs).
    const extra = draining || hasBody(req) ? ['X-Request-Id', info.requestId, 'Connection', 'close'] : ['X-Request-Id', info.requestId];
    if (pathname.startsWith('/_next/static/')) {
      info.route = 'asset';
      if (assets.serve(req, res, pathname, extra)) return;
    }
    if (pathname === '/livez' || pathname === '/readyz' || pathname === '/metrics') {
      info.route = pathname.slice(1);
      void operatorAnswer(req, res, pathname, extra).catch((error) => fail(res, info.requestId, error));
      return;
    }
    const route = routeRequest({
      pathname,
      search,
      cookie: readCookie(req.headers.cookie, LOCALE_COOKIE),
      acceptLanguage: req.headers['accept-language'],
      // Looked up only for the routes that depend on it (product pages, unprefixed URLs).
      isRu: () => isRuOf(forwardedFor(req), geoHeader ? req.headers[geoHeader] : null),
      localePrefix,
    });
    const isRsc = req.headers.rsc !== undefined || search.includes('_rsc=');
    // A tool's answer (`perRequest`) is rendered by Next.js: it has no pre-rendered page.
    if (route.kind === 'page' && !route.perRequest && !isRsc && (req.method === 'GET' || req.method === 'HEAD') && pages.size) {
      info.route = 'page';
      const negotiated = route.negotiated === true;
      if (!route.path.endsWith(`/${NOT_FOUND}`) && pages.serve(req, res, route.path, negotiated, 200, extra)) return;
      // Every page that exists is pre-rendered: anything else below a locale is the 404 page.
      if (pages.serve(req, res, `/${route.path.split('/')[1]}/${NOT_FOUND}`, negotiated, 404, extra)) return;
    }
    info.route = routeClass(route, pathname);

    req.headers['x-forwarded-for'] = forwardedFor(req);
    // Passed on to Next.js, whose log lines of this request carry it (src/runtime/next-app.mjs).
    req.headers['x-request-id'] = info.requestId;
    const csp = contentSecurityPolicy([`'nonce-${createNonce()}'`, ...perRequestScripts], { analytics: allowsThirdParties(route, analytics), development: dev });
    for (const [name, value] of route.kind === 'page' ? pageHeaders(baseHeaders, route.path) : baseHeaders) res.setHeader(name, value);
    res.setHeader('X-Request-Id', info.requestId);
    // A forwarded request's body is read by the app: the proxy closes the connection if the app answers first.
    // (`extra` is whole name, value pairs: `?? ''` is for the type checker.)
    if (draining || route.kind === 'redirect') for (let i = 2; i < extra.length; i += 2) res.setHeader(extra[i] ?? '', extra[i + 1] ?? '');
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
      // (staff and their leads) is kept by no cache at all. The edge's word, not the app's: Next.js
      // marks the RSC payload of a pre-rendered page (`?_rsc=`) `s-maxage=31536000`.
      res.setHeader('Cache-Control', route.noStore ? 'no-store' : 'private, no-cache');
    }
    proxy.forward(req, res, route.kind === 'page' ? `${route.path}${search}` : (req.url ?? '/'), (error) => fail(res, info.requestId, error, 502), route.kind === 'page' ? EDGE_PAGE_HEADERS : undefined);
  }

  /**
   * Answers of the edge's own for operators: never cached, never redirected to a language.
   * @param {IncomingMessage} req @param {ServerResponse} res @param {string} pathname @param {string[]} extra
   */
  async function operatorAnswer(req, res, pathname, extra) {
    const headers = ['Cache-Control', 'no-store', ...extra];
    if (pathname === '/livez') {
      // The process is alive and its event loop turns: nothing else is asked (no database).
      res.writeHead(200, ['Content-Type', 'text/plain; charset=utf-8', ...headers]).end('ok\n');
      return;
    }
    if (pathname === '/readyz') {
      const state = await readiness(String(extra[1]));
      res.writeHead(state.ready ? 200 : 503, ['Content-Type', 'application/json', ...headers]).end(JSON.stringify(state));
      return;
    }
    // /metrics: behind METRICS_TOKEN (Bearer); without the setting it does not exist.
    const token = settings.METRICS_TOKEN;
    if (!token) {
      res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8', ...headers]).end('Not found');
      return;
    }
    if (!bearerIs(req.headers.authorization, token)) {
      res.writeHead(401, ['Content-Type', 'text/plain; charset=utf-8', 'WWW-Authenticate', 'Bearer', ...headers]).end('Unauthorized');
      return;
    }
    const scraped = await metrics.scrape(await app.metrics());
    res.writeHead(200, ['Content-Type', scraped.contentType, ...headers]).end(scraped.text);
  }

  /** A readiness check in progress, shared by the probes that arrive meanwhile. */
  let checking;

  /**
   * Ready: not draining, the app process up, and its database answering (the app's /api/health,
   * asked over the unix socket within 2 s). Also says how old the GeoIP data is, and whether Redis
   * answers (`redis`: absent without REDIS_URL): a Redis that does not is `degraded`, still ready,
   * since the rate limits are then counted in memory.
   * @param {string} requestId
   */
  async function readiness(requestId) {
    // `geoip.stale`: older than the GeoLite2 licence allows (30 days); it does not make the instance unready.
    const geoip = geoDataAge(metrics.geoDate);
    const geo = { geoipDataAgeDays: geoip.ageDays, geoip };
    if (draining) return { ready: false, status: 'draining', app: app.alive ? 'up' : 'down', database: 'unknown', ...geo };
    if (!app.alive) return { ready: false, status: 'app down', app: 'down', database: 'unknown', ...geo };
    checking ??= appHealth(requestId).finally(() => (checking = undefined));
    const { database, redis } = await checking;
    const status = !database ? 'database down' : redis === 'down' ? 'degraded' : 'ready';
    return { ready: database, status, app: 'up', database: database ? 'up' : 'down', ...(redis ? { redis } : {}), ...geo };
  }

  /**
   * Whether the app's /api/health answers 200 (it queries the database) within 2 s, and the Redis
   * state it names.
   * @param {string} requestId
   * @returns {Promise<{ database: boolean; redis?: string }>}
   */
  function appHealth(requestId) {
    return new Promise((resolve) => {
      const asked = httpRequest({ socketPath: app.socketPath, path: '/api/health', headers: { 'x-request-id': requestId }, timeout: 2_000 }, (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          if (body.length < 4_096) body += chunk;
        });
        answer.on('end', () => {
          let redis;
          try {
            redis = JSON.parse(body)?.result?.redis;
          } catch {
            // not JSON: no Redis state to tell
          }
          resolve({ database: answer.statusCode === 200, redis: typeof redis === 'string' ? redis : undefined });
        });
        answer.on('error', () => resolve({ database: false }));
      });
      asked.on('timeout', () => asked.destroy(new Error('timeout')));
      asked.on('error', () => resolve({ database: false }));
      asked.end();
    });
  }

  /**
   * The last word on a request that threw: 400 for what the client sent (a target or cookie that
   * cannot be decoded), 500 for our own fault (502 when the app could not be reached), logged with
   * the request's id, which the answer carries.
   * @param {ServerResponse} res @param {string} requestId @param {unknown} error @param {number} [ownStatus]
   */
  function fail(res, requestId, error, ownStatus = 500) {
    const clientFault = error instanceof URIError || (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_INVALID_URL');
    const status = clientFault ? 400 : ownStatus;
    log[clientFault ? 'warn' : 'error']({ requestId, err: error instanceof Error ? error.stack : String(error) }, clientFault ? 'bad request' : 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-Id': requestId, Connection: 'close' });
    res.end(clientFault ? 'Bad request' : `Internal error (request ${requestId})`);
  }

  /** The open client connections: the stop waits for each to be closed after an answer that said so. */
  const connections = new Set();
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (connections.size === 0) onIdle?.();
    });
  });

  /**
   * Graceful stop (docs/decisions/021, 052): /readyz turns 503 at once while
   * everything else is still served for DRAIN_SECONDS, each answer saying `Connection: close`, so
   * kept-alive clients move on; then the listener closes. No connection is closed under a client
   * that was not told: Node's `server.close()` would reset the idle ones, and a client may be sending
   * its next request on one just then (or the request of a connection just accepted may not have
   * been read yet). So only the listening socket closes; every open connection still gets its
   * requests answered, with `Connection: close`, and closes after that answer, or when its client
   * closes it. At STOP_TIMEOUT_SECONDS after the listener's close whatever is left is cut; then the
   * app finishes its outbox send and closes the database, and the stop resolves (the process then
   * exits 0: src/runtime/server.mjs). Asked again, it gives the same stop.
   * @param {NodeJS.Signals} signal
   */
  function stop(signal) {
    stopped ??= drain(signal);
    return stopped;
  }
  /** @type {Promise<void> | undefined} */
  let stopped;
  /** @param {NodeJS.Signals} signal */
  async function drain(signal) {
    draining = true;
    // A request that began before the signal ends its connection too, else its client could reuse
    // the connection just as the listener closes it.
    for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    log.info({ drainSeconds: settings.DRAIN_SECONDS }, `received ${signal}: draining (/readyz answers 503)`);
    await new Promise((resolve) => setTimeout(resolve, settings.DRAIN_SECONDS * 1000));
    // net.Server's close: the listening socket only (http.Server's would also reset the idle connections).
    NetServer.prototype.close.call(server);
    log.info({ inFlight, connections: connections.size }, 'listener closed; answering what the open connections send, each answer closing its connection');
    if (connections.size > 0) {
      await new Promise((resolve) => {
        onIdle = () => {
          if (connections.size === 0) resolve(undefined);
        };
        setTimeout(resolve, settings.STOP_TIMEOUT_SECONDS * 1000).unref();
      });
      if (connections.size > 0) log.warn({ inFlight, connections: connections.size }, 'connections still open at the stop timeout: cut');
    }
    server.closeAllConnections();
    await app.stop();
    proxy.close();
    log.info('stopped');
    log.flush();
  }

  return { server, stop };
}

/**
 * The route class of a request Next.js answers, for the access log and the metrics: a few fixed
 * names, never the path (its values would be unbounded).
 * @param {import('./router.mjs').Route} route @param {string} pathname
 */
function routeClass(route, pathname) {
  if (route.kind === 'redirect') return 'redirect';
  if (route.kind === 'page') {
    if (pathname.endsWith('/services/order-send')) return 'lead';
    return route.noStore ? 'desk' : 'app-page';
  }
  if (pathname.startsWith('/api/telega/')) return 'lead';
  if (pathname.startsWith('/api/auth/')) return 'auth';
  if (pathname.startsWith('/api/desk/')) return 'desk';
  if (pathname.startsWith('/api/')) return 'api';
  if (pathname.startsWith('/_next/')) return 'next';
  return 'file';
}

/**
 * X-Forwarded-For with the socket peer appended: TRUST_PROXY picks the client from its right end.
 * @param {IncomingMessage} req
 */
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
