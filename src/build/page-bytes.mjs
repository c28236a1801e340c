import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildIdOf, PAGES_FORMAT, PREPARED_PAGES } from '../runtime/prepared-build.mjs';
import { inlineScriptHashes } from '../runtime/security-headers.mjs';
import { inlineStylesheets } from './inline-styles.mjs';
import { deferScripts } from './lazy-boot.mjs';
import { prerenderedPages } from './next-contract.mjs';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page as the edge serves it: scripts deferred to the first interaction (lazy-boot.mjs),
 * stylesheets inlined (inline-styles.mjs), its inline scripts' hashes, and its bytes compressed
 * once at the best settings (brotli 11, gzip 9), with an ETag.
 * @param {string} html Next.js's pre-rendered HTML
 * @param {(href: string) => string | undefined} readStylesheet
 * @param {{ metricaId: number }} settings
 * @returns {Promise<import('../runtime/prepared-build.mjs').PreparedPage>}
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
 * so the edge only reads them at start (src/runtime/prepared-build.mjs). Run after `next build`
 * (scripts/prepare-pages.mjs), and by the edge's start for a build made with `next build` alone.
 * @param {string} distDir
 * @param {{ metricaId: number }} settings
 */
export async function writePreparedPages(distDir, settings) {
  const dir = join(distDir, PREPARED_PAGES);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const readStylesheet = stylesheetReader(distDir);
  /** @type {Record<string, import('../runtime/prepared-build.mjs').ManifestPage>} */
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
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: PAGES_FORMAT, buildId: buildIdOf(distDir), pages }));
  return Object.keys(pages).length;
}
