// The edge's process (docs/decisions/052): `npm start` and `npm run dev` run it. Checks every
// setting, starts Next.js in a process of its own (./app-process.mjs, ./next-app.mjs), reads the
// pages and assets the build prepared (./prepared-build.mjs), makes the edge from them
// (./edge.mjs), listens, and on SIGTERM or SIGINT drains it and exits 0 (docs/decisions/021).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startApp } from './app-process.mjs';
import { createEdge } from './edge.mjs';
import { edgeLogging, edgeMetrics } from './observability.mjs';
import { loadPreparedAssets, loadPreparedPages } from './prepared-build.mjs';
import { settingsOrExit, settingsWarnings } from '../settings/settings.mjs';

const dev = process.argv.includes('--dev');
// Next.js's types make NODE_ENV read-only; it is set here, before Next.js loads, when unset.
if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
process.env.NEXT_TELEMETRY_DISABLED = '1';

// Every setting is checked once, here, before anything starts: a bad one stops the start with its name.
const settings = settingsOrExit(process.env);
const { PORT: port, HOST: hostname } = settings;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { log, access } = edgeLogging(settings.LOG_LEVEL);
const metrics = edgeMetrics();

const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
const app = startApp({
  entry: fileURLToPath(new URL('./next-app.mjs', import.meta.url)),
  env: process.env,
  onExit: (code, signal) => {
    log.fatal(`the Next.js process ended (${signal ?? code}); stopping`);
    log.flush();
    process.exit(1);
  },
});
// A build made with `next build` alone has no prepared pages and assets (or another build's): the
// build's room prepares them first, loaded for that only (src/build/; the edge's own modules never
// import it).
const preparePages = async (/** @type {string} */ dir) => (await import('../build/page-bytes.mjs')).writePreparedPages(dir, { metricaId: Number(settings.NEXT_PUBLIC_YM_ID) || 0 });
const prepareAssets = async (/** @type {string} */ dir) => (await import('../build/asset-bytes.mjs')).writePreparedAssets(dir);
// The pages first: their remainders are static assets (docs/decisions/053).
const pages = dev ? new Map() : await loadPreparedPages(distDir, preparePages);
const assets = dev ? new Map() : await loadPreparedAssets(distDir, prepareAssets);
await app.ready;

const edge = createEdge(settings, { app, pages, assets, log, access, metrics, dev });
edge.server.listen(port, hostname, () => {
  log.info({ dev, staticPages: pages.size, staticAssets: assets.size }, `listening on http://${hostname}:${port}`);
  for (const warning of settingsWarnings(settings)) log.warn(warning);
});

/** @param {NodeJS.Signals} signal */
const stop = (signal) => void edge.stop(signal).then(() => process.exit(0));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
