import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { TEST_BUILD } from './test-build';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The health token every test server runs with: /api/health shows its details only with it. */
const TEST_HEALTH_TOKEN = 'test-health-token-0123456789';

/** /api/health's details (database, Redis, outbox backlog) from a test server. */
export async function healthDetails(url: string) {
  const response = await fetch(`${url}/api/health`, { headers: { Authorization: `Bearer ${TEST_HEALTH_TOKEN}` } });
  return (await response.json()).result as {
    status: string;
    database: string;
    redis?: { state: string; lastErrorAt: string | null };
    outbox: { pending: number; oldestAgeSeconds: number } | null;
  };
}

export interface AppServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/**
 * The production server as a child process (`node scripts/start.mjs`: builds when the build is
 * missing or stale), of the tests' shared build unless `env` says otherwise, on 127.0.0.1:port;
 * resolves once /api/health answers 200.
 */
export async function startAppServer(env: Record<string, string>, timeoutMs = 600_000): Promise<AppServer> {
  const port = Number(env.PORT) || (await freePort());
  // No drain on SIGTERM unless a test asks for one (tests/operations.int.test.ts does).
  const childEnv: Record<string, string | undefined> = { ...process.env, ...TEST_BUILD, HEALTH_TOKEN: TEST_HEALTH_TOKEN, DRAIN_SECONDS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' };
  // Vitest's NODE_ENV=test must not leak into the production server.
  delete childEnv.NODE_ENV;
  delete childEnv.TEST_DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: childEnv as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    child,
    output: () => log,
    async kill(signal) {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
