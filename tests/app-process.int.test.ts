import { execFileSync } from 'node:child_process';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';

/** The pids of a process's children (procps `pgrep -P`). */
const childrenOf = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter(Boolean);

describe('the edge and Next.js in two processes (docs/decisions/052)', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ DATA_DIR: `.e2e-data/app-process-${process.pid}` });
  }, 600_000);
  afterAll(() => app?.kill('SIGTERM'));

  it('serves the build\'s scripts from memory, brotli from the build, kept for a year, 304 on revalidation', async () => {
    const html = await (await fetch(`${app.url}/en`)).text();
    // The page's scripts are named in its remainder (docs/decisions/053), itself a static asset.
    const rest = /<template id="__boot" data-rest="([^"]+)">/.exec(html)?.[1];
    expect(rest).toBeDefined();
    const remainder = await fetch(`${app.url}${rest}`);
    expect(remainder.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const { boot } = (await remainder.json()) as { boot: string };
    const script = /\/_next\/static\/chunks\/[\w.-]+\.js/.exec(boot)?.[0];
    expect(script).toBeDefined();
    const identity = Buffer.from(await (await fetch(`${app.url}${script}`, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer());
    // fetch would decode brotli itself: read the bytes on the wire through node:http instead.
    const { request } = await import('node:http');
    const wire = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request(`${app.url}${script}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(wire.headers['content-encoding']).toBe('br');
    expect(wire.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(wire.body).equals(identity)).toBe(true);
    const again = await fetch(`${app.url}${script}`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(wire.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('forwards the rest to the Next.js process and ends with it: the edge stops when the app dies', async () => {
    const [appPid] = childrenOf(app.child.pid!);
    expect(appPid).toBeGreaterThan(0);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    process.kill(appPid!, 'SIGKILL');
    await new Promise<void>((resolve) => (app.child.exitCode !== null ? resolve() : app.child.once('exit', () => resolve())));
    expect(app.child.exitCode).toBe(1);
    expect(app.output()).toContain('the Next.js process ended');
  });
});
