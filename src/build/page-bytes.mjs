import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { inlineStylesheets } from './inline-styles.mjs';
import { buildIdOf, preparedManifest } from '../runtime/prepared-build.mjs';
import { deferScripts } from './lazy-boot.mjs';
import { prerenderedPages } from './next-contract.mjs';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Where the build keeps the prepared pages, below the build folder. */
const PREPARED = 'edge-pages';
const FORMAT = 1;

/**
 * @typedef {{ etag: string; scriptHashes: string[]; identity: Buffer; gzip: Buffer; br: Buffer }} PreparedPage
 */

/**
 * The CSP source (`'sha256-…'`) of every inline script of a page, those kept for the first
 * interaction in <template id="__boot"> included: the policy of a pre-rendered page lists them
 * instead of a per-response nonce (docs/decisions/052).
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes ?? '')) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * A page as the edge serves it: scripts deferred to the first interaction (lazy-boot.mjs),
 * stylesheets inlined (inline-styles.mjs), its inline scripts' hashes, and its bytes compressed
 * once at the best settings (brotli 11, gzip 9), with an ETag.
 * @param {string} html Next.js's pre-rendered HTML
 * @param {(href: string) => string | undefined} readStylesheet
 * @param {{ metricaId: number }} settings
 * @returns {Promise<PreparedPage>}
 */
async function preparePage(html, readStylesheet, settings) {
  const page = inlineStylesheets(deferScripts(html, settings), readStylesheet);
  const identity = Buffer.from(page);
  const [br, gz] = await Promise.all([
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return { etag, scriptHashes: inlineScriptHashes(page), identity, gzip: gz, br };
}

/** @param {string} distDir */
function stylesheetReader(distDir) {
  /** @type {Map<string, string | undefined>} */
  const cache = new Map();
  /** @param {string} href */
  return (href) => {
    if (!cache.has(href)) {
      const file = href.startsWith('/_next/static/') ? join(distDir, 'static', href.slice('/_next/static/'.length)) : '';
      cache.set(href, file && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return cache.get(href);
  };
}

/**
 * Prepares every pre-rendered page of a build and writes them below it (`<distDir>/edge-pages`),
 * so the server only reads them at start. Run after `next build` (scripts/lib/build.mjs).
 * @param {string} distDir
 * @param {{ metricaId: number }} settings
 */
export async function writePreparedPages(distDir, settings) {
  const dir = join(distDir, PREPARED);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const readStylesheet = stylesheetReader(distDir);
  /** @type {Record<string, { etag: string; scriptHashes: string[]; file: string }>} */
  const pages = {};
  await Promise.all(
    prerenderedPages(distDir).filter(({ file }) => existsSync(file)).map(async ({ route, file }, index) => {
      const page = await preparePage(readFileSync(file, 'utf8'), readStylesheet, settings);
      const name = `${index}.html`;
      writeFileSync(join(dir, name), page.identity);
      writeFileSync(join(dir, `${name}.gz`), page.gzip);
      writeFileSync(join(dir, `${name}.br`), page.br);
      pages[route] = { etag: page.etag, scriptHashes: page.scriptHashes, file: name };
    }),
  );
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: FORMAT, buildId: buildIdOf(distDir), pages }));
  return Object.keys(pages).length;
}

/**
 * The prepared pages of a build, read into memory: route → page. Prepares them first when the
 * build has none or they belong to another build (a build made with `next build` alone).
 * @param {string} distDir
 * @param {{ metricaId: number }} settings
 * @returns {Promise<Map<string, PreparedPage>>}
 */
export async function loadPreparedPages(distDir, settings) {
  const manifest = await preparedManifest(distDir, PREPARED, FORMAT, (dir) => writePreparedPages(dir, settings));
  if (!manifest) return new Map();
  const dir = join(distDir, PREPARED);
  /** @type {Map<string, PreparedPage>} */
  const pages = new Map();
  for (const [route, { etag, scriptHashes, file }] of Object.entries(/** @type {Record<string, { etag: string; scriptHashes: string[]; file: string }>} */ (manifest.pages))) {
    const read = (suffix = '') => readFileSync(join(dir, `${file}${suffix}`));
    pages.set(route, { etag, scriptHashes, identity: read(), gzip: read('.gz'), br: read('.br') });
  }
  return pages;
}
