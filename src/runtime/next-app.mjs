// Next.js alone, behind the edge (src/runtime/server.mjs starts this process and forwards to it what it
// does not serve itself; docs/decisions/013). Listens on the unix socket in APP_SOCKET and tells
// the edge when it is ready. Ends when the edge asks (SIGTERM) or goes away (the IPC channel closes).
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// libuv's thread pool runs password hashing (at most 2 at once, src/server/auth/passwords.ts),
// file reads, DNS and zlib: 8 threads keep 6 free for the rest while a login flood hashes. Read at
// the pool's first use, which comes after this line.
process.env.UV_THREADPOOL_SIZE ||= '8';
const dev = process.env.NODE_ENV === 'development';
const socketPath = process.env.APP_SOCKET;
if (!socketPath) throw new Error('APP_SOCKET is not set: this process is started by src/runtime/server.mjs');

const { default: next } = await import('next');
const root = fileURLToPath(new URL('../..', import.meta.url));
// Next builds its internal URLs from this hostname and spells loopback addresses as "localhost".
const app = next({ dev, dir: root, hostname: 'localhost', port: Number(process.env.PORT) || 3000 });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'request failed', err: error instanceof Error ? error.stack : String(error) }));
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end();
  });
});
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
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => {});
// The edge is gone (killed): end at once, as the whole server would have.
process.on('disconnect', () => {
  rmSync(socketPath, { force: true });
  process.exit(1);
});
