// The production build and its stamp (a hash of the sources and build-time settings it was made
// from). `npm run build` builds (scripts/build.mjs); `npm start` in production only checks the
// stamp (checkBuild) and refuses a missing or stale build; elsewhere `npm start`, the tests and the
// benchmarks build when there is no build or it is stale (ensureBuild).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtValues } from '../../src/settings/settings.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const SOURCES = ['src', 'messages', 'public', 'next.config.ts', 'package-lock.json', 'postcss.config.mjs', 'tsconfig.json'];

/** @param {string} path @returns {string[]} */
function listFiles(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => listFiles(join(path, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** @param {NodeJS.ProcessEnv} env */
function buildStamp(env) {
  const hash = createHash('sha256');
  // The build-time settings as the build reads them: changing one needs a new build, giving one
  // its default does not.
  for (const [name, value] of Object.entries(builtValues(env))) hash.update(`${name}=${value}\n`);
  for (const file of SOURCES.flatMap(listFiles).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/**
 * Whether the build in `distDir` was made from these sources and settings.
 * @param {string} distDir @param {string} stamp
 */
function upToDate(distDir, stamp) {
  const stampFile = join(root, distDir, 'build-stamp.txt');
  return existsSync(join(root, distDir, 'BUILD_ID')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
}

/** @param {number} ms */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The `code` of a Node.js system error (`EPERM`, `EEXIST`, …). @param {unknown} error */
const codeOf = (error) => (error instanceof Error && 'code' in error ? error.code : undefined);

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * Runs `work` holding `<distDir>.build-lock`. Processes that start at once (test files that each
 * start a server, a benchmark beside `npm start`) would otherwise build into one directory together.
 * A lock left by a process that died is taken over.
 * @template T @param {string} distDir @param {() => T} work @returns {T}
 */
function withBuildLock(distDir, work) {
  const lock = join(root, `${distDir}.build-lock`);
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lock, 'utf8'));
      if (owner && !alive(owner)) rmSync(lock, { force: true });
      else sleepSync(500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Whether the build in NEXT_DIST_DIR (default .next) was made from these sources and settings:
 * `ok`, `missing` or `stale`.
 * @returns {'ok' | 'missing' | 'stale'}
 */
export function checkBuild(env = process.env) {
  const distDir = env.NEXT_DIST_DIR || '.next';
  if (upToDate(distDir, buildStamp(env))) return 'ok';
  return existsSync(join(root, distDir, 'BUILD_ID')) ? 'stale' : 'missing';
}

/**
 * Runs next build and prepares the pages into `distDir`, then writes the stamp. Exits on failure.
 * @param {NodeJS.ProcessEnv} env @param {string} distDir @param {string} stamp
 */
function runBuild(env, distDir, stamp) {
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: distDir },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const prepared = spawnSync(process.execPath, [join(root, 'scripts/prepare-pages.mjs')], { cwd: root, stdio: 'inherit', env: { ...env, NEXT_DIST_DIR: distDir } });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
  writeFileSync(join(root, distDir, 'build-stamp.txt'), stamp);
}

/** `npm run build`: builds into NEXT_DIST_DIR (default .next) whatever is there. */
export function build(env = process.env) {
  const distDir = env.NEXT_DIST_DIR || '.next';
  withBuildLock(distDir, () => runBuild(env, distDir, buildStamp(env)));
}

/** Builds into NEXT_DIST_DIR (default .next) unless an up-to-date build is there. */
export function ensureBuild(env = process.env) {
  const distDir = env.NEXT_DIST_DIR || '.next';
  const stamp = buildStamp(env);
  if (upToDate(distDir, stamp)) return;
  withBuildLock(distDir, () => {
    if (upToDate(distDir, stamp)) return; // another process built it while this one waited
    const built = existsSync(join(root, distDir, 'BUILD_ID'));
    console.log(built ? 'Sources or build settings changed: rebuilding.' : 'No production build yet: building.');
    runBuild(env, distDir, stamp);
  });
}
