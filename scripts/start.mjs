// `npm start`: build the production site when there is no build, or when the build is stale
// (sources or build-time settings changed since), then serve it with scripts/server.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = process.env.NEXT_DIST_DIR || '.next';

/** Settings baked into the pre-rendered pages: changing one needs a new build. */
const BUILD_SETTINGS = ['LOCALE_PREFIX', 'NEXT_PUBLIC_SITE_NAME', 'NEXT_PUBLIC_SITE_URL', 'NEXT_PUBLIC_YM_ID'];
const SOURCES = ['src', 'messages', 'public', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'];

function listFiles(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => listFiles(join(path, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

export function buildStamp() {
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  for (const file of SOURCES.flatMap(listFiles).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

const stampFile = join(root, distDir, 'build-stamp.txt');
const stamp = buildStamp();
const current = existsSync(join(root, distDir, 'BUILD_ID')) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (current !== stamp) {
  console.log(current ? 'Sources or build settings changed: rebuilding.' : 'No production build yet: building.');
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}

await import('./server.mjs');
