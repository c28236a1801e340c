import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ASSET_TYPES, ASSETS_FORMAT, buildIdOf, PREPARED_ASSETS } from '../runtime/prepared-build.mjs';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Types that compress: fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);

/** @param {string} dir @returns {string[]} */
function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/**
 * Compresses every static asset of a build once (brotli 11, gzip 9) and writes the copies below it
 * (`<distDir>/edge-assets`), so the edge serves `/_next/static/*` from memory without compressing
 * per request (docs/decisions/052; it reads them with src/runtime/prepared-build.mjs). Run after
 * `next build` (scripts/prepare-pages.mjs), and by the edge's start for a build made with
 * `next build` alone.
 * @param {string} distDir
 */
export async function writePreparedAssets(distDir) {
  const dir = join(distDir, PREPARED_ASSETS);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const staticDir = join(distDir, 'static');
  /** @type {Record<string, import('../runtime/prepared-build.mjs').ManifestAsset>} */
  const assets = {};
  const files = walk(staticDir).filter((file) => ASSET_TYPES[extname(file)]);
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
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: ASSETS_FORMAT, buildId: buildIdOf(distDir), assets }));
  return files.length;
}
