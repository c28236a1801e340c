import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../scripts/lib/build.mjs';
import { freePort } from './support/free-port.mjs';
import { TEST_BUILD } from './support/test-build';

/**
 * Build once, run anywhere (docs/decisions/021): the build of this checkout, copied with its
 * `dependencies` only (scripts/runtime-tree.mjs, the container's build stage), starts with
 * NODE_ENV=production without building, serves a page and takes a lead; a tree whose sources
 * changed since the build refuses to start and says why.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  url: string;
  output: () => string;
  exit: Promise<number | null>;
  stop: () => Promise<number | null>;
}

async function startTree(dir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...TEST_BUILD, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DRAIN_SECONDS: '0', ...env };
  delete childEnv.TEST_DATABASE_URL;
  delete childEnv.METRICS_TOKEN;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: dir, env: childEnv as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => log,
    exit,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exit;
    },
  };
}

describe('the built tree with production dependencies only', () => {
  const tree = mkdtempSync(join(tmpdir(), 'epcsu-artifact-'));
  const data = mkdtempSync(join(tmpdir(), 'epcsu-artifact-data-'));
  let server: Started | undefined;

  beforeAll(() => {
    // The build this checkout's tests share (made here when no test made it before).
    ensureBuild({ ...process.env, ...TEST_BUILD });
    const made = spawnSync(process.execPath, ['scripts/runtime-tree.mjs', tree], { cwd: root, env: { ...process.env, ...TEST_BUILD }, encoding: 'utf8' });
    expect(made.status, `${made.stdout}\n${made.stderr}`).toBe(0);
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(tree, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }, 300_000);

  it('holds no development tool', () => {
    for (const tool of ['esbuild', 'typescript', 'tsx', 'vitest', 'drizzle-kit', 'eslint', 'knip']) {
      expect(existsSync(join(tree, 'node_modules', tool)), tool).toBe(false);
    }
    // Nor a build-only native tool that `dependencies` pull in: next-intl's extractor, sharp (LGPL libvips).
    for (const tool of ['@swc/core', '@swc/core-linux-x64-gnu', '@parcel/watcher', 'sharp', '@img/sharp-libvips-linux-x64']) {
      expect(existsSync(join(tree, 'node_modules', tool)), tool).toBe(false);
    }
    expect(existsSync(join(tree, 'THIRD-PARTY-NOTICES.md'))).toBe(true);
    expect(existsSync(join(tree, 'node_modules', 'next'))).toBe(true);
    const size = execFileSync('du', ['-sh', tree], { encoding: 'utf8' }).split('\t')[0];
    console.log(`production tree: ${size}`);
  });

  it('starts without building, serves a page, takes a lead, and has no /metrics without METRICS_TOKEN', { timeout: 180_000 }, async () => {
    server = await startTree(tree, { DATA_DIR: data, LOG_LEVEL: 'warn' });
    const deadline = Date.now() + 150_000;
    for (;;) {
      const ready = await fetch(`${server.url}/readyz`).catch(() => undefined);
      if (ready?.status === 200) break;
      if (Date.now() > deadline || (await Promise.race([server.exit.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]))) {
        throw new Error(`the production tree did not become ready:\n${server.output()}`);
      }
    }
    expect(server.output()).not.toMatch(/building/i);
    const page = await fetch(`${server.url}/ru`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    const lead = await fetch(`${server.url}/api/telega/send-mail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ t: 'btn_demo', lang: 'en', name: 'Artifact Test', phone: '+79123456789', email: 'artifact@example.com', t_client: 1, consent: true }),
    });
    expect(lead.status).toBe(200);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });

  it('refuses to start on sources changed since the build, and says to build', { timeout: 60_000 }, async () => {
    const messages = join(tree, 'messages/en.json');
    writeFileSync(messages, readFileSync(messages, 'utf8').replace(/\}\s*$/, ' }\n'));
    const stale = await startTree(tree, { DATA_DIR: data });
    expect(await stale.exit).toBe(1);
    expect(stale.output()).toContain('npm run build');
  });
});
