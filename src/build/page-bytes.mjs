import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { buildIdOf, PAGES_FORMAT, PREPARED_PAGES } from '../runtime/prepared-build.mjs';
import { inlineScriptHashes } from '../runtime/security-headers.mjs';
import { criticalStyles } from './critical-css.mjs';
import { inlineStylesheets } from './inline-styles.mjs';
import { REST_PATH } from '../enhancer/page-rest.mjs';
import { deferScripts, lateEnhancer } from './lazy-boot.mjs';
import { prerenderedPages } from './next-contract.mjs';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page as the edge serves it: its scripts and closed dialogs' content moved to its remainder
 * (lazy-boot.mjs), the stylesheet rules its elements use inlined (inline-styles.mjs,
 * critical-css.mjs), the hashes of its inline scripts and its remainder's, and its bytes
 * compressed once at the best settings (brotli 11, gzip 9), with an ETag.
 * @param {string} html Next.js's pre-rendered HTML
 * @param {(href: string) => string | undefined} readStylesheet
 * @param {{ metricaId: number }} settings
 */
async function preparePage(html, readStylesheet, settings) {
  const { page: deferred, rest } = deferScripts(html, settings);
  const page = criticalStyles(inlineStylesheets(deferred, readStylesheet));
  const identity = Buffer.from(page);
  const [br, gz] = await Promise.all([
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  /** @type {import('../runtime/prepared-build.mjs').PreparedPage} */
  const prepared = { etag, scriptHashes: inlineScriptHashes(page + rest.boot), identity, gzip: gz, br };
  return { prepared, rest };
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
 * so the edge only reads them at start (src/runtime/prepared-build.mjs), and their remainders and
 * the enhancer's late part into the static folder (`static/rest/`: the assets are prepared after
 * this). Run after `next build`
 * (scripts/prepare-pages.mjs), and by the edge's start for a build made with `next build` alone.
 * @param {string} distDir
 * @param {{ metricaId: number }} settings
 */
export async function writePreparedPages(distDir, settings) {
  const dir = join(distDir, PREPARED_PAGES);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const readStylesheet = stylesheetReader(distDir);
  // The pages' remainders, files of the static folder (written before its assets are prepared).
  const restDir = join(distDir, 'static', REST_PATH.slice('/_next/static/'.length));
  rmSync(restDir, { recursive: true, force: true });
  mkdirSync(restDir, { recursive: true });
  const late = lateEnhancer();
  writeFileSync(join(restDir, late.href.slice(REST_PATH.length)), late.code);
  /** @type {Record<string, import('../runtime/prepared-build.mjs').ManifestPage>} */
  const pages = {};
  await Promise.all(
    prerenderedPages(distDir).filter(({ file }) => existsSync(file)).map(async ({ route, file }, index) => {
      const { prepared: page, rest } = await preparePage(readFileSync(file, 'utf8'), readStylesheet, settings);
      writeFileSync(join(restDir, rest.href.slice(REST_PATH.length)), rest.json);
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
