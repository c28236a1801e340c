// `node scripts/runtime-tree.mjs <dir>`: the production tree of a built checkout, in <dir>: what
// `npm start` (NODE_ENV=production) and `npm run db:migrate` need, with the `dependencies` only
// (`npm prune --omit=dev` on a copy of node_modules), less the build-only tools `dependencies`
// pull in (scripts/lib/production-tree.mjs: next-intl's extractor, sharp). The container's build stage runs it
// (Dockerfile), and tests/artifact.int.test.ts runs it and starts the result.
// The build must exist (`npm run build`); the stamp it checks covers the sources copied here.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkBuild, root } from './lib/build.mjs';
import { installedPackages, productionPackages } from './lib/production-tree.mjs';

/**
 * What a production start reads: the build, its sources (the stamp covers them), the runtime. The
 * build's room (src/build/) goes along as one of those sources; the start never loads it.
 */
const RUNTIME_FILES = ['package.json', 'THIRD-PARTY-NOTICES.md', 'package-lock.json', 'next.config.ts', 'tsconfig.json', 'postcss.config.mjs', 'src', 'messages', 'public', 'scripts', '.next'];

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/runtime-tree.mjs <dir>');
  process.exit(2);
}
if (checkBuild() !== 'ok') {
  console.error('No up-to-date production build: run `npm run build` first.');
  process.exit(1);
}
const dir = resolve(target);
mkdirSync(dir, { recursive: true });
const distDir = process.env.NEXT_DIST_DIR || '.next';
for (const name of RUNTIME_FILES.map((file) => (file === '.next' ? distDir : file))) {
  if (!existsSync(join(root, name))) continue;
  // The build's own cache (.next/cache) is for the next build, not for serving.
  cpSync(join(root, name), join(dir, name), { recursive: true, filter: (from) => !from.startsWith(join(root, distDir, 'cache')) });
}
// node_modules as hard links where the two are on one file system (fast, no space; prune only
// removes names), else copied. npm rewrites its hidden lock file: the copy gets one of its own.
const linked = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')], { stdio: 'ignore' });
if (linked.status !== 0) {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  cpSync(join(root, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
}
rmSync(join(dir, 'node_modules/.package-lock.json'), { force: true });
// npm prune writes package-lock.json again, and without the benchmarks' workspace (not copied) it
// writes it without that workspace: the stamp covers the lock file, so the build would look stale.
// The lock file stays the one the build was made from.
const lock = readFileSync(join(dir, 'package-lock.json'));
const pruned = spawnSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
if (pruned.status !== 0) process.exit(pruned.status ?? 1);
writeFileSync(join(dir, 'package-lock.json'), lock);
// What only the build-only tools need goes too: the start never loads it.
const kept = productionPackages(dir);
let removed = 0;
for (const pkg of installedPackages(join(dir, 'node_modules'))) {
  if (kept.has(pkg) || !existsSync(pkg)) continue;
  rmSync(pkg, { recursive: true, force: true });
  removed += 1;
}
console.log(`Production tree in ${dir}: ${kept.size} packages (${removed} build-only ones left out).`);
