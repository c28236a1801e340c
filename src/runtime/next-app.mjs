// Next.js alone, behind the edge (src/runtime/server.mjs starts this process, and the edge,
// src/runtime/edge.mjs, forwards to it what it does not serve itself; docs/decisions/052). Listens on the unix socket in APP_SOCKET and tells
// the edge when it is ready. Ends when the edge asks (`stop` over IPC, after its drain) or goes
// away (the IPC channel closes). Each request runs with its id (X-Request-Id, given by the edge) in
// an async-local store that the app's logger reads (src/server/logger.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import client from 'prom-client';

// libuv's thread pool runs password hashing (at most 2 at once, src/server/auth/passwords.ts),
// file reads, DNS and zlib: 8 threads keep 6 free for the rest while a login flood hashes. Read at
// the pool's first use, which comes after this line.
process.env.UV_THREADPOOL_SIZE ||= '8';
const dev = process.env.NODE_ENV === 'development';
const socketPath = process.env.APP_SOCKET;
if (!socketPath) throw new Error('APP_SOCKET is not set: this process is started by src/runtime/server.mjs');
// The edge is gone (killed, or its start failed, its port taken): end at once, as the whole server
// would have. Listened for before Next.js loads: an edge that ends while the app is still starting
// must not leave it running (on the embedded database's files, which a second start would open too).
const edgeGone = () => {
  rmSync(socketPath, { force: true });
  process.exit(1);
};
process.on('disconnect', edgeGone);
if (!process.connected) edgeGone();

// The app's metrics (src/server/metrics.ts) live in this registry; the edge asks for them over IPC.
client.register.setDefaultLabels({ process: 'app' });
client.collectDefaultMetrics();
globalThis.__appMetricsRegistry = client.register;
/** @type {AsyncLocalStorage<{ requestId: string; unavailable: boolean }>} */
const requestContext = new AsyncLocalStorage();
globalThis.__appRequestContext = requestContext;

const { default: next } = await import('next');
const root = fileURLToPath(new URL('../..', import.meta.url));
// Next builds its internal URLs from this hostname and spells loopback addresses as "localhost".
const app = next({ dev, dir: root, hostname: 'localhost', port: Number(process.env.PORT) || 3000 });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : '';
  const context = { requestId, unavailable: false };
  unavailableAs503(res, context);
  requestContext.run(context, () => serve(req, res, requestId));
});

/**
 * A page whose render failed because the database did not answer (the app marks its request:
 * src/server/http/unavailable-mark.ts) is answered 503 with Retry-After, as the API is, not 500.
 * @param {import('node:http').ServerResponse} res @param {{ unavailable: boolean }} context
 */
function unavailableAs503(res, context) {
  const writeHead = res.writeHead;
  /** @type {any} */ (res).writeHead = function (/** @type {number} */ status, /** @type {any[]} */ ...rest) {
    if (!context.unavailable || status !== 500) return writeHead.call(this, status, ...rest);
    this.setHeader('Retry-After', '30');
    this.setHeader('Cache-Control', 'no-store');
    return writeHead.call(this, 503, ...(typeof rest[0] === 'string' ? rest.slice(1) : rest));
  };
}

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} requestId */
function serve(req, res, requestId) {
  handle(req, res).catch((error) => {
    console.error(JSON.stringify({ level: 50, time: Date.now(), app: 'epcsu', proc: 'app', requestId, msg: 'request failed', err: error instanceof Error ? error.stack : String(error) }));
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end();
  });
}
// The edge keeps its connections to this socket open for reuse: close idle ones late, after it would.
server.keepAliveTimeout = 600_000;
if (dev) server.on('upgrade', (req, socket, head) => app.getUpgradeHandler()(req, socket, head));
rmSync(socketPath, { force: true });
server.listen(socketPath, () => process.send?.({ ready: true }));

/**
 * Graceful stop: stop accepting, let the app close what it holds (the embedded database must be
 * closed or the process does not exit), then exit. The app registers its hooks on
 * globalThis.__appShutdownHooks (src/server/lifecycle/shutdown.ts).
 */
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeIdleConnections?.();
  const hooks = globalThis.__appShutdownHooks ?? [];
  const deadline = new Promise((resolve) => setTimeout(resolve, 8_000).unref());
  await Promise.race([Promise.allSettled(hooks.map((hook) => hook())), deadline]);
  process.exit(0);
}
// The edge says when (after its drain): a signal to the whole process group must not cut the
// requests the edge is still letting finish.
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
process.on('message', (message) => {
  if (!message || typeof message !== 'object') return;
  if ('stop' in message) void stop();
  if ('metrics' in message && 'id' in message) {
    client.register.getMetricsAsJSON().then(
      (metrics) => process.send?.({ metrics, id: message.id }),
      () => process.send?.({ metrics: null, id: message.id }),
    );
  }
});
