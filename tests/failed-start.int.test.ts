import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureBuild } from '../scripts/lib/build.mjs';
import { freePort } from './support/free-port.mjs';
import { TEST_BUILD } from './support/test-build';
import { waitFor } from './support/wait-for';

/**
 * A start that fails after the edge has started Next.js in its process (here: a build whose
 * pre-rendered pages are incomplete) leaves nothing running. The app process used to listen for the
 * edge going away only once Next.js had loaded, so an edge that failed in its first moments left it
 * running for good, holding the embedded database's files that the next start opened too.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The processes (Linux /proc) whose environment holds `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('a start that fails', () => {
  it('leaves no app process behind', { timeout: 600_000 }, async () => {
    ensureBuild({ ...process.env, ...TEST_BUILD });
    // The build, its files linked rather than copied, without one of its prepared pages.
    const distDir = `.next-failed-start-${process.pid}`;
    const linked = spawnSync('cp', ['-al', TEST_BUILD.NEXT_DIST_DIR, distDir], { cwd: root, encoding: 'utf8' });
    expect(linked.status, linked.stderr).toBe(0);
    rmSync(join(root, distDir, 'edge-pages', '1.html'));
    const dataDir = mkdtempSync(join(tmpdir(), 'epcsu-failed-start-'));
    const marker = `FAILED_START_MARK=${randomBytes(6).toString('hex')}`;
    const [name, value] = marker.split('=') as [string, string];
    try {
      const edge = spawn(process.execPath, ['src/runtime/server.mjs'], {
        cwd: root,
        env: { ...process.env, ...TEST_BUILD, NODE_ENV: 'production', NEXT_DIST_DIR: distDir, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', [name]: value },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      edge.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => edge.once('exit', resolve));
      expect(code, errors).not.toBe(0);
      expect(errors).toContain('1.html');
      try {
        await waitFor(() => processesWith(marker).length === 0, 20_000, 'the app process to end with the edge');
      } finally {
        for (const pid of processesWith(marker)) process.kill(pid, 'SIGKILL');
      }
    } finally {
      rmSync(join(root, distDir), { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
