// What the build prepared for the edge (src/build/: scripts/prepare-pages.mjs runs it after
// `next build`), as the edge reads it at start: the pages below `<distDir>/edge-pages`, the static
// assets below `<distDir>/edge-assets`, each with a manifest tied to the build's id. The folders,
// the manifests' format and the asset types are written here, where they are read; the build's
// room imports them to write the same.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** Where the build keeps the prepared pages, below the build folder. */
export const PREPARED_PAGES = 'edge-pages';
/** Where the build keeps the compressed copies of its static assets, below the build folder. */
export const PREPARED_ASSETS = 'edge-assets';
/**
 * The manifests' formats: what a manifest of another format lists is prepared again. Format 2: the
 * pages' remainders (docs/decisions/053) are files of the static folder, so the assets are
 * prepared after the pages.
 */
export const PAGES_FORMAT = 2;
export const ASSETS_FORMAT = 2;

/**
 * The assets served from memory, by extension; anything else goes to Next.js.
 * @type {Record<string, string>}
 */
export const ASSET_TYPES = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * @typedef {{ etag: string; scriptHashes: string[]; identity: Buffer; gzip: Buffer; br: Buffer }} PreparedPage
 * @typedef {{ type: string; etag: string; identity: Buffer; br?: Buffer; gzip?: Buffer }} PreparedAsset
 */

/**
 * A page as the manifest lists it: its ETag, its inline scripts' hashes, and its file (`<file>`,
 * `<file>.gz`, `<file>.br` beside the manifest).
 * @typedef {{ etag: string; scriptHashes: string[]; file: string }} ManifestPage
 */

/**
 * An asset as the manifest lists it: its file below the build folder, its ETag, and whether it has
 * compressed copies (`<index>.br`, `<index>.gz` beside the manifest).
 * @typedef {{ file: string; etag: string; compressed: boolean; index: number }} ManifestAsset
 */

/**
 * Makes the prepared pages or assets of the build in `distDir` (the build's room, src/build/).
 * @typedef {(distDir: string) => Promise<unknown>} Prepare
 */

/** The build's id, or undefined when `distDir` holds no build. @param {string} distDir */
export function buildIdOf(distDir) {
  const file = join(distDir, 'BUILD_ID');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * What was prepared from a build below `<distDir>/<name>`, read into memory: each entry its
 * manifest lists under `key`, made a value by `read` (given the folder). The manifest is made first
 * (by `prepare`) when there is none or it belongs to another build or format (a build made with
 * `next build` alone). Empty when there is no build.
 * @template Entry, Value
 * @param {string} distDir
 * @param {{ name: string; format: number; key: string; read: (entry: Entry, dir: string) => Value }} kind
 * @param {Prepare} prepare
 * @returns {Promise<Map<string, Value>>}
 */
async function loadPrepared(distDir, { name, format, key, read }, prepare) {
  /** @type {Map<string, Value>} */
  const loaded = new Map();
  const buildId = buildIdOf(distDir);
  if (!buildId) return loaded;
  const file = join(distDir, name, 'manifest.json');
  const current = () => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  let manifest = current();
  if (!manifest || manifest.format !== format || manifest.buildId !== buildId) {
    await prepare(distDir);
    manifest = current();
  }
  if (!manifest) return loaded;
  const dir = join(distDir, name);
  for (const [id, entry] of Object.entries(/** @type {Record<string, Entry>} */ (manifest[key]))) loaded.set(id, read(entry, dir));
  return loaded;
}

/**
 * The prepared pages of a build, read into memory: route → page (prepared first by `prepare` when
 * the build has none or another build's).
 * @param {string} distDir
 * @param {Prepare} prepare
 * @returns {Promise<Map<string, PreparedPage>>}
 */
export function loadPreparedPages(distDir, prepare) {
  /** @param {ManifestPage} page @param {string} dir */
  const read = ({ etag, scriptHashes, file }, dir) => {
    const bytes = (suffix = '') => readFileSync(join(dir, `${file}${suffix}`));
    return { etag, scriptHashes, identity: bytes(), gzip: bytes('.gz'), br: bytes('.br') };
  };
  return loadPrepared(distDir, { name: PREPARED_PAGES, format: PAGES_FORMAT, key: 'pages', read }, prepare);
}

/**
 * The static assets of a build, read into memory: URL path → asset (prepared first by `prepare`
 * when the build has none or another build's).
 * @param {string} distDir
 * @param {Prepare} prepare
 * @returns {Promise<Map<string, PreparedAsset>>}
 */
export function loadPreparedAssets(distDir, prepare) {
  /** @param {ManifestAsset} asset @param {string} dir */
  const read = ({ file, etag, compressed, index }, dir) => ({
    type: ASSET_TYPES[extname(file)] ?? 'application/octet-stream',
    etag,
    identity: readFileSync(join(distDir, file)),
    ...(compressed ? { br: readFileSync(join(dir, `${index}.br`)), gzip: readFileSync(join(dir, `${index}.gz`)) } : {}),
  });
  return loadPrepared(distDir, { name: PREPARED_ASSETS, format: ASSETS_FORMAT, key: 'assets', read }, prepare);
}
