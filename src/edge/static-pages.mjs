// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineStylesheets } from './inline-styles.mjs';
import { deferScripts } from './lazy-boot.mjs';

const MARK = '\u0000nonce\u0000';

/**
 * Marks where a nonce belongs: every <script> and every script preload (a preload without the
 * nonce is blocked under 'strict-dynamic').
 * @param {string} html
 * @returns {string[]} the HTML split at those places
 */
export function splitForNonce(html) {
  return html
    .replace(/<script(?=[\s>])/g, `<script nonce="${MARK}"`)
    .replace(/<link(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script")/g, `<link nonce="${MARK}"`)
    .split(MARK);
}

/**
 * The pre-rendered pages of a production build, held in memory and served without Next.js:
 * scripts deferred to the first interaction (lazy-boot.mjs), stylesheets inlined
 * (inline-styles.mjs), each page split where a response's nonce goes (see splitForNonce).
 * @param {string} distDir the build folder (e.g. `.next`)
 * @returns {Map<string, string[]>} route path → HTML parts
 */
export function loadStaticPages(distDir) {
  const pages = new Map();
  /** @type {Map<string, string | undefined>} */
  const stylesheets = new Map();
  /** @param {string} href */
  const readStylesheet = (href) => {
    if (!stylesheets.has(href)) {
      const file = href.startsWith('/_next/static/') ? join(distDir, 'static', href.slice('/_next/static/'.length)) : '';
      stylesheets.set(href, file && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return stylesheets.get(href);
  };
  const manifestFile = join(distDir, 'prerender-manifest.json');
  if (!existsSync(manifestFile)) return pages;
  /** @type {{ routes: Record<string, { routeType?: string; initialRevalidateSeconds?: number | false }> }} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const [route, info] of Object.entries(manifest.routes)) {
    if (info.routeType !== 'page' || info.initialRevalidateSeconds !== false || route.startsWith('/_')) continue;
    const file = join(distDir, 'server', 'app', `${route === '/' ? 'index' : route}.html`);
    if (existsSync(file)) pages.set(route, splitForNonce(inlineStylesheets(deferScripts(readFileSync(file, 'utf8')), readStylesheet)));
  }
  return pages;
}

/**
 * The page's HTML with this response's nonce in every marked place.
 * @param {string[]} parts
 * @param {string} nonce
 */
export function withNonce(parts, nonce) {
  return parts.join(nonce);
}
