// deploy/nginx.conf, the front of compose.yaml, run on loopback with Debian's nginx in front of
// instances already listening: only the upstream addresses, the listen port, the pid file, the
// cache's directory and the worker count are replaced. tests/nginx.int.test.ts checks the
// topology through it and the benchmark (benchmarks/bench.mjs) measures the pages it keeps.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

/** Debian's nginx: the tests that need it are skipped without it (.ci/run installs it). */
export const NGINX = '/usr/sbin/nginx';
const DEPLOYED_CONF = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/**
 * deploy/nginx.conf with loopback addresses.
 * @param {string} text the file's contents
 * @param {{ upstreams: string[]; port: number; dir: string }} where upstreams: `127.0.0.1:PORT`, one per instance of compose.yaml
 */
function frontConfig(text, { upstreams, port, dir }) {
  // Each instance (app1, app2, …) may be named in several upstream groups.
  const instances = new Set([...text.matchAll(/server app(\d+):3000/g)].map((match) => Number(match[1])));
  if (instances.size !== upstreams.length) throw new Error(`deploy/nginx.conf names ${instances.size} instances, ${upstreams.length} given`);
  return text
    .replace(/server app(\d+):3000/g, (_, n) => `server ${upstreams[Number(n) - 1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/pid [^;]+;/, `pid ${join(dir, 'nginx.pid')};`)
    .replace(/proxy_cache_path \/var\/cache\/nginx\/app /, `proxy_cache_path ${join(dir, 'cache')} `)
    .replace(/worker_processes [^;]+;/, 'worker_processes 1;');
}

/**
 * Starts nginx with deploy/nginx.conf in front of `upstreams`; resolves once it answers.
 * @param {string[]} upstreams `127.0.0.1:PORT` of each instance
 */
export async function startFront(upstreams) {
  const dir = mkdtempSync(join(tmpdir(), 'front-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user: they must reach the cache.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  const confPath = join(dir, 'nginx.conf');
  writeFileSync(confPath, frontConfig(readFileSync(DEPLOYED_CONF, 'utf8'), { upstreams, port, dir }));
  const checked = spawnSync(NGINX, ['-t', '-p', dir, '-c', confPath], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`deploy/nginx.conf does not load: ${checked.stderr}`);
  const child = spawn(NGINX, ['-p', dir, '-c', confPath, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx ended: ${errors}`);
    const answered = await fetch(`${url}/nginx-livez`).then((response) => response.ok, () => false);
    if (answered) break;
    if (i === 200) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve(undefined);
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGQUIT');
    });
  return { url, pid: child.pid, errors: () => errors, stop };
}
