// Start the production server as a child process on a free loopback port, for benchmarks.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../../scripts/lib/build.mjs';
import { freePort } from '../../tests/support/free-port.mjs';

/** The health token the benchmarks' servers run with: /api/health shows the outbox backlog only with it. */
export const BENCH_HEALTH_TOKEN = 'bench-health-token-0123456789';

/**
 * /api/health's details (database, outbox backlog), or undefined when it does not answer.
 * @param {string} url @param {number} [timeoutMs]
 */
export async function healthDetails(url, timeoutMs = 5000) {
  try {
    const response = await fetch(`${url}/api/health`, { headers: { Authorization: `Bearer ${BENCH_HEALTH_TOKEN}` }, signal: AbortSignal.timeout(timeoutMs) });
    return response.ok ? (await response.json()).result : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs src/runtime/server.mjs with `env` on `fixedPort` (a free port if not given); resolves
 * once /api/health answers.
 * @param {Record<string, string | undefined>} [env]
 * @param {number} [fixedPort]
 */
export async function startServer(env = {}, fixedPort) {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, [join(root, 'src/runtime/server.mjs')], {
    cwd: root,
    env: { ...process.env, HEALTH_TOKEN: BENCH_HEALTH_TOKEN, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, port, child, stop };
}
