// The production dependency tree: the packages `npm start` can load, found by walking
// `dependencies`, `optionalDependencies` and required `peerDependencies` from package.json as
// Node resolves them (nearest node_modules first), leaving out the build-only tools below and
// whatever only they need. scripts/runtime-tree.mjs removes the rest from the runtime tree;
// tests/licences.test.ts checks the licences of what stays.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * Pulled in by `dependencies` but never loaded by a production start: next-intl's message
 * extractor (a build/dev tool: @swc/core, @parcel/watcher, native), and sharp (Next's image
 * optimizer, with an LGPL libvips: the site serves its pictures as they are, never through
 * /_next/image). Each with its platform packages.
 */
export const BUILD_ONLY = [/^@swc\/core(-.+)?$/, /^@parcel\/watcher(-.+)?$/, /^sharp$/, /^@img\/sharp-.+$/];

/**
 * A package of the production tree, as the licence checks read it.
 * @typedef {{ name: string; version: string; license: string; dir: string }} ProductionPackage
 */

/**
 * The fields of a package.json read here.
 * @typedef {{ name?: string; version: string; license?: string | { type?: string }; licenses?: { type?: string }[]; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> }} Manifest
 */

/** @param {string} dir @returns {Manifest} */
const manifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/**
 * Where `name` resolves from `dir` (a package's folder), as Node looks for it.
 * @param {string} dir @param {string} name @param {string} root
 */
function resolveFrom(dir, name, root) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (at === root || dirname(at) === at) return undefined;
  }
}

/**
 * The production packages of the checkout at `root`: a Map from folder to `{ name, version,
 * license, dir }`, reachable from the root's runtime dependencies without passing a BUILD_ONLY one.
 * @param {string} root
 */
export function productionPackages(root) {
  /** @type {Map<string, ProductionPackage>} */
  const found = new Map();
  const queue = [root];
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    const pkg = manifest(dir);
    // Optional peers (next's @playwright/test, sass…) are the app's choice, not the package's need.
    const peers = Object.keys(pkg.peerDependencies ?? {}).filter((name) => !pkg.peerDependenciesMeta?.[name]?.optional);
    const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {}), ...peers];
    for (const name of names) {
      if (BUILD_ONLY.some((pattern) => pattern.test(name))) continue;
      const at = resolveFrom(dir, name, root);
      if (!at || found.has(at)) continue; // an optional or peer package not installed here
      const own = manifest(at);
      found.set(at, { name: own.name ?? name, version: own.version, license: licenceOf(own), dir: relative(root, at).split(sep).join('/') });
      queue.push(at);
    }
  }
  return found;
}

/** A manifest's licence: `license`, or the old `licenses` list joined with OR. @param {Manifest} pkg */
function licenceOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return 'UNKNOWN';
}

/**
 * Every package folder under `modules` (a node_modules), nested ones included.
 * @param {string} modules @returns {string[]}
 */
export function installedPackages(modules) {
  /** @type {string[]} */
  const dirs = [];
  if (!existsSync(modules)) return dirs;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const scoped = entry.name.startsWith('@') ? readdirSync(join(modules, entry.name), { withFileTypes: true }).filter((inner) => inner.isDirectory()).map((inner) => join(modules, entry.name, inner.name)) : [join(modules, entry.name)];
    for (const dir of scoped) {
      if (!existsSync(join(dir, 'package.json'))) continue;
      dirs.push(dir, ...installedPackages(join(dir, 'node_modules')));
    }
  }
  return dirs;
}
