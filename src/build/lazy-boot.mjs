import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIALOG_CONTENT, LATE_OPTIONS } from '../enhancer/dialog-protocol.mjs';
import { PAYLOAD, REST, REST_PATH } from '../enhancer/page-rest.mjs';
import { PAYLOAD_PUSH, SCRIPT, SCRIPT_PRELOAD } from './next-contract.mjs';

/** A closed dialog (no `open` attribute) and its content. */
const CLOSED_DIALOG = /(<dialog\b(?![^>]*\sopen[\s=>])[^>]*>)([\s\S]*?)(<\/dialog>)/g;
/** A long choice marked `data-late-options`: its opening tag, its first option, the others. */
const LATE_CHOICE = new RegExp(`(<select\\b[^>]*\\s${LATE_OPTIONS}(?:="")?(?=[\\s>])[^>]*>)(<option\\b[^>]*>[^<]*</option>)([\\s\\S]*?)(</select>)`, 'g');
const ENHANCER = fileURLToPath(new URL('../enhancer/', import.meta.url));

/** The inline enhancer by counter, bundled once per process. @type {Map<number, string>} */
const enhancers = new Map();
/** The late part, bundled once per process. @type {{ href: string; code: string } | undefined} */
let late;

/**
 * `entry` (a module of src/enhancer/) bundled by esbuild with what it imports into one minified
 * IIFE, as a `<script>` element can hold it; `define`: names replaced by values at build.
 *
 * esbuild is a development dependency: it is loaded here, when the pages are prepared at build
 * (scripts/prepare-pages.mjs), and never by a production start, which reads the prepared pages.
 * @param {string} entry
 * @param {Record<string, string>} [define]
 */
function bundle(entry, define = {}) {
  /** @type {typeof import('esbuild')} */
  let esbuild;
  try {
    esbuild = createRequire(import.meta.url)('esbuild');
  } catch (error) {
    throw new Error('The pages are prepared with esbuild, a development dependency: run `npm run build` where it is installed.', { cause: error });
  }
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [join(ENHANCER, entry)],
    // Not the project's tsconfig (its strictness would add a "use strict" prologue).
    tsconfigRaw: {},
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define,
    write: false,
  });
  const code = (outputFiles?.[0]?.text ?? '').trim();
  // The page's HTML parser would end the script at a closing tag inside it.
  if (!code || /<\/script/i.test(code)) throw new Error('The enhancer could not be bundled for a <script> element.');
  return code;
}

/**
 * The enhancer's late part (src/enhancer/late.mjs: the dialogs, the start of the page's scripts,
 * the page's remainder), one file of the build's static folder for every page, named by its
 * content (`href`), which the inline enhancer loads after the page's first paint (docs/decisions/053).
 */
export function lateEnhancer() {
  if (late) return late;
  const code = bundle('./late.mjs');
  const href = `${REST_PATH}enhancer-${createHash('sha256').update(code).digest('base64url').slice(0, 16)}.js`;
  return (late = { href, code });
}

/**
 * The enhancer as pre-rendered pages carry it inline (src/enhancer/early.mjs): its early part and
 * the loader of its late part (`lateEnhancer`). The consent part (src/enhancer/metrica-consent.mjs)
 * is in it only with a counter (`metricaId` > 0; docs/decisions/020).
 * @param {number} metricaId
 */
export function inlineEnhancer(metricaId) {
  const known = enhancers.get(metricaId);
  if (known !== undefined) return known;
  const code = bundle('./early.mjs', { EPC_METRICA_ID: String(metricaId), EPC_LATE: JSON.stringify(lateEnhancer().href) });
  enhancers.set(metricaId, code);
  return code;
}

/**
 * A pre-rendered page served without starting Next.js on load (docs/decisions/051), and with only
 * what its first paint needs in the document (docs/decisions/053): its scripts and the closed
 * dialogs' content leave the page for its remainder (`rest`), a file of the build's static folder
 * that the inline enhancer (`inlineEnhancer`) fetches when the page has loaded
 * (src/enhancer/page-rest.mjs). What stays is an empty `<template id="__boot">` naming the
 * remainder's address, and in each closed dialog an empty `<template data-dialog-content="N">`
 * (`inertDialogs`); script preloads are dropped. Structured data (`application/ld+json`, read by
 * crawlers) stays where it is, and so does an inline script marked `data-eager` (the consent
 * notice's check, which must run before the notice is parsed: src/site/consent.mjs). `metricaId`
 * (0: none) is the counter the enhancer reaches goals on.
 * @param {string} html
 * @param {{ metricaId: number }} options
 * @returns {{ page: string; rest: { href: string; json: string; boot: string } }}
 */
export function deferScripts(html, { metricaId }) {
  /** @type {string[]} */
  const kept = [];
  /** @type {string[]} */
  const dialogs = [];
  const stripped = inertDialogs(html, dialogs)
    .replace(SCRIPT, (tag) => {
      if (/^<script\b[^>]*(?:type="application\/ld\+json"|\sdata-eager[\s=>])/.test(tag)) return tag;
      kept.push(payloadAsData(tag));
      return '';
    })
    .replace(SCRIPT_PRELOAD, '');
  const boot = kept.join('');
  const json = JSON.stringify({ dialogs, boot });
  const href = `${REST_PATH}${createHash('sha256').update(json).digest('base64url').slice(0, 16)}.json`;
  // A function as the replacement: `$` in the code is not a replacement pattern.
  const page = stripped.replace('</body>', () => `<template id="__boot" ${REST}="${href}"></template><script>${inlineEnhancer(metricaId)}</script></body>`);
  return { page, rest: { href, json, boot } };
}

/**
 * A script of Next.js's payload (next-contract.mjs, point 6) as a data block the enhancer pushes
 * onto `self.__next_f` (src/enhancer/start-scripts.mjs); any other script, or one whose argument
 * is not JSON, as it is.
 * @param {string} tag
 */
export function payloadAsData(tag) {
  const value = PAYLOAD_PUSH.exec(tag)?.[1];
  if (value === undefined) return tag;
  try {
    JSON.parse(value);
  } catch {
    return tag;
  }
  return `<script type="application/json" ${PAYLOAD}>${value}</script>`;
}

/**
 * Each closed dialog's content taken out of the page into `dialogs` (the page's remainder), an
 * empty `<template data-dialog-content="N">` left in its place, N its index there
 * (src/enhancer/dialog-protocol.mjs): its form controls cost the page's load nothing, not even
 * their bytes; the enhancer puts the content back one dialog at a time while the browser is idle
 * once the remainder has come, as a dialog opens if that comes first, and for any left before the
 * page's scripts start (docs/decisions/051, 053).
 * @param {string} html
 * @param {string[]} dialogs
 */
export function inertDialogs(html, dialogs) {
  return html.replace(CLOSED_DIALOG, (whole, open, content, close) => {
    if (!content) return whole;
    dialogs.push(keepOptionsBack(content));
    return `${open}<template ${DIALOG_CONTENT}="${dialogs.length - 1}"></template>${close}`;
  });
}

/**
 * A dialog's long choices (`data-late-options`, the country) keep their options after the first
 * in `<template data-late-options>` inside the select (a template is allowed there): the dialog
 * opens with the placeholder only, and the enhancer puts the options in after that frame
 * (src/enhancer/dialog-protocol.mjs, docs/decisions/051).
 * @param {string} content
 */
export function keepOptionsBack(content) {
  return content.replace(LATE_CHOICE, (whole, open, first, rest, close) => (rest ? `${open}${first}<template ${LATE_OPTIONS}>${rest}</template>${close}` : whole));
}
