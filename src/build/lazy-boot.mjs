import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { DIALOG_CONTENT, LATE_OPTIONS } from '../enhancer/dialog-protocol.mjs';
import { SCRIPT, SCRIPT_PRELOAD } from './next-contract.mjs';

/** A closed dialog (no `open` attribute) and its content. */
const CLOSED_DIALOG = /(<dialog\b(?![^>]*\sopen[\s=>])[^>]*>)([\s\S]*?)(<\/dialog>)/g;
/** A long choice marked `data-late-options`: its opening tag, its first option, the others. */
const LATE_CHOICE = new RegExp(`(<select\\b[^>]*\\s${LATE_OPTIONS}(?:="")?(?=[\\s>])[^>]*>)(<option\\b[^>]*>[^<]*</option>)([\\s\\S]*?)(</select>)`, 'g');
const ENHANCER = fileURLToPath(new URL('../enhancer/', import.meta.url));

/** The inline enhancer by counter, bundled once per process. @type {Map<number, string>} */
const enhancers = new Map();

/**
 * The enhancer as pre-rendered pages carry it inline (src/enhancer/enhance.mjs): one script that runs
 * `enhance({ boot: true, metricaId })`, bundled by esbuild with what it imports (the dialogs, their
 * protocol with React) into a minified IIFE. The consent part (src/enhancer/metrica-consent.mjs) is in
 * it only with a counter (`metricaId` > 0; docs/decisions/020).
 *
 * esbuild is a development dependency: it is loaded here, when the pages are prepared at build
 * (scripts/prepare-pages.mjs), and never by a production start, which reads the prepared pages.
 * @param {number} metricaId
 */
export function inlineEnhancer(metricaId) {
  const known = enhancers.get(metricaId);
  if (known !== undefined) return known;
  const options = JSON.stringify({ boot: true, metricaId });
  const contents =
    metricaId > 0
      ? `import { enhance } from './enhance.mjs'; import { enhanceConsent } from './metrica-consent.mjs'; enhance(${options}, enhanceConsent);`
      : `import { enhance } from './enhance.mjs'; enhance(${options});`;
  /** @type {typeof import('esbuild')} */
  let esbuild;
  try {
    esbuild = createRequire(import.meta.url)('esbuild');
  } catch (error) {
    throw new Error('The pages are prepared with esbuild, a development dependency: run `npm run build` where it is installed.', { cause: error });
  }
  const { buildSync } = esbuild;
  const { outputFiles } = buildSync({
    stdin: { contents, resolveDir: ENHANCER, sourcefile: 'inline-enhancer.mjs', loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  const code = (outputFiles?.[0]?.text ?? '').trim();
  // The page's HTML parser would end the script at a closing tag inside it.
  if (!code || /<\/script/i.test(code)) throw new Error('The inline enhancer could not be bundled for a <script> element.');
  enhancers.set(metricaId, code);
  return code;
}

/**
 * A pre-rendered page served without starting Next.js on load (docs/decisions/051): its scripts
 * move into <template id="__boot"> (inert: nothing is fetched or run), script preloads are
 * dropped, and the inline enhancer (`inlineEnhancer`) runs the template on the first interaction.
 * Structured data (`application/ld+json`, read by crawlers) stays where it is, and so does an
 * inline script marked `data-eager` (the consent notice's check, which must run before the notice
 * is parsed: src/site/consent.mjs). `metricaId` (0: none) is the counter the enhancer reaches
 * goals on. The closed dialogs' content waits in templates too (`inertDialogs`).
 * @param {string} html
 * @param {{ metricaId: number }} options
 */
export function deferScripts(html, { metricaId }) {
  /** @type {string[]} */
  const kept = [];
  const stripped = inertDialogs(html)
    .replace(SCRIPT, (tag) => {
      if (/^<script\b[^>]*(?:type="application\/ld\+json"|\sdata-eager[\s=>])/.test(tag)) return tag;
      kept.push(tag);
      return '';
    })
    .replace(SCRIPT_PRELOAD, '');
  // A function as the replacement: `$` in the code is not a replacement pattern.
  return stripped.replace('</body>', () => `<template id="__boot">${kept.join('')}</template><script>${inlineEnhancer(metricaId)}</script></body>`);
}

/**
 * Each closed dialog's content moved into `<template data-dialog-content>` inside it
 * (src/enhancer/dialog-protocol.mjs): parsed, but not in the document, so its form controls cost the
 * page's load nothing; the enhancer puts it back one dialog at a time while the browser is idle
 * after the load, as a dialog opens if that comes first, and for any left before the page's scripts
 * start. On `/ru` that is about a fifth of the load's main-thread work
 * (docs/decisions/051 has the measurements).
 * @param {string} html
 */
export function inertDialogs(html) {
  return html.replace(CLOSED_DIALOG, (whole, open, content, close) => (content ? `${open}<template ${DIALOG_CONTENT}>${keepOptionsBack(content)}</template>${close}` : whole));
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
