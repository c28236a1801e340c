import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { buildIdOf, preparedManifest } from '../runtime/prepared-build.mjs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Where the build keeps the compressed copies of its static assets, below the build folder. */
const PREPARED_ASSETS = 'edge-assets';
const FORMAT = 1;

/**
 * The assets served from memory, by extension; anything else goes to Next.js.
 * @type {Record<string, string>}
 */
const TYPES = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
/** Types that compress: fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);

/**
 * @typedef {{ type: string; etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer }} PreparedAsset
 */

/**
 * An asset as the manifest lists it: its file below the build folder, its ETag, and whether it has
 * compressed copies (`<index>.br`, `<index>.gz` beside the manifest).
 * @typedef {{ file: string; etag: string; compressed: boolean; index: number }} ManifestAsset
 */

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/**
 * Compresses every static asset of a build once (brotli 11, gzip 9) and writes the copies below it
 * (`<distDir>/edge-assets`), so the edge serves `/_next/static/*` from memory without compressing
 * per request (docs/decisions/052). Run after `next build` (scripts/prepare-pages.mjs).
 * @param {string} distDir
 */
export async function writePreparedAssets(distDir) {
  const dir = join(distDir, PREPARED_ASSETS);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const staticDir = join(distDir, 'static');
  /** @type {Record<string, ManifestAsset>} */
  const assets = {};
  const files = walk(staticDir).filter((file) => TYPES[extname(file)]);
  await Promise.all(
    files.map(async (file, index) => {
      const identity = readFileSync(file);
      const compressed = COMPRESSIBLE.has(extname(file));
      if (compressed) {
        const [br, gz] = await Promise.all([
          brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
          gzipAsync(identity, { level: 9 }),
        ]);
        writeFileSync(join(dir, `${index}.br`), br);
        writeFileSync(join(dir, `${index}.gz`), gz);
      }
      const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
      assets[`/_next/static/${relative(staticDir, file).split('\\').join('/')}`] = { file: relative(distDir, file), etag, compressed, index };
    }),
  );
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: FORMAT, buildId: buildIdOf(distDir), assets }));
  return files.length;
}

/**
 * The static assets of a build, read into memory: URL path → asset. Prepares them first when the
 * build has none or they belong to another build.
 * @param {string} distDir
 * @returns {Promise<Map<string, PreparedAsset>>}
 */
export async function loadPreparedAssets(distDir) {
  const manifest = await preparedManifest(distDir, PREPARED_ASSETS, FORMAT, writePreparedAssets);
  if (!manifest) return new Map();
  const dir = join(distDir, PREPARED_ASSETS);
  /** @type {Map<string, PreparedAsset>} */
  const assets = new Map();
  /** @type {Record<string, ManifestAsset>} */
  const listed = manifest.assets;
  for (const [path, entry] of Object.entries(listed)) {
    const identity = readFileSync(join(distDir, entry.file));
    const type = TYPES[extname(entry.file)] ?? 'application/octet-stream';
    const compressed = entry.compressed ? { br: readFileSync(join(dir, `${entry.index}.br`)), gzip: readFileSync(join(dir, `${entry.index}.gz`)) } : {};
    assets.set(path, { type, etag: entry.etag, identity, ...compressed });
  }
  return assets;
}
