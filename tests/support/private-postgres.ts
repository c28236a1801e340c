import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/**
 * A PostgreSQL server of the test's own (initdb in a temporary directory, loopback only, trust
 * auth), which the test may restart without touching the machine's server. As root the server
 * runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export async function startPrivatePostgres(bin: string) {
  const dir = mkdtempSync(join(tmpdir(), 'epcsu-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const command = (tool: string, args: string[]) =>
    [asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args] as const;
  const run = (tool: string, args: string[]) => execFileSync(...command(tool, args), { stdio: 'pipe', timeout: 60_000 });
  // Without blocking this process: the test goes on posting while the server restarts.
  const runAsync = (tool: string, args: string[]) => promisify(execFile)(...command(tool, args), { timeout: 60_000 });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtlArgs = (...args: string[]) => ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', ...args];
  run('pg_ctl', pgCtlArgs('start'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server (fast: open sessions are ended) and starts it again. */
    restart: async () => {
      await runAsync('pg_ctl', pgCtlArgs('-m', 'fast', 'restart'));
    },
    stop() {
      try {
        run('pg_ctl', pgCtlArgs('-m', 'immediate', 'stop'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
