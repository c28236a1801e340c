// The production (and dev) HTTP server: Next.js behind a plain Node server so that the client's
// socket address is known to the app. Next's proxy cannot see the socket, and Next itself only
// fills X-Forwarded-For when it is absent; here the peer is always appended, so the chain is
// `X-Forwarded-For, peer` and TRUST_PROXY picks the client from its right end (src/lib/client-ip.ts).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const dev = process.argv.includes('--dev');
process.env.NODE_ENV ||= dev ? 'development' : 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

const { default: next } = await import('next');

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || '0.0.0.0';

// Next builds its internal URLs from this hostname, and NextURL spells loopback addresses as
// "localhost": with anything else the proxy's rewrites would count as another origin.
const app = next({ dev, dir: root, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  const chain = Array.isArray(forwarded) ? forwarded.join(', ') : forwarded;
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
server.keepAliveTimeout = 65_000;

server.listen(port, hostname, () => {
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `listening on http://${hostname}:${port}`, dev }));
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
