// Build the production site when there is no build or it is stale (sources or build-time
// settings changed since): used by `npm start` and the benchmarks.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

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

function buildStamp(env) {
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\n`);
  for (const file of SOURCES.flatMap(listFiles).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/** Builds into NEXT_DIST_DIR (default .next) unless an up-to-date build is there. */
export function ensureBuild(env = process.env) {
  const distDir = env.NEXT_DIST_DIR || '.next';
  const stampFile = join(root, distDir, 'build-stamp.txt');
  const stamp = buildStamp(env);
  const built = existsSync(join(root, distDir, 'BUILD_ID')) && existsSync(stampFile);
  if (built && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log(built ? 'Sources or build settings changed: rebuilding.' : 'No production build yet: building.');
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}
