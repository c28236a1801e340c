// @ts-check
import { enhanceConsent } from '../site/enhance-consent.mjs';
import { enhanceDialogs } from '../site/enhance-dialogs.mjs';
import { enhance, isChunkError } from '../site/enhance.mjs';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script")[^>]*>/g;

/**
 * A pre-rendered page served without starting Next.js on load (docs/decisions/005): its scripts
 * move into <template id="__boot"> (inert: nothing is fetched or run), script preloads are
 * dropped, and the inline enhancer runs the template on the first interaction. Structured data
 * (`application/ld+json`, read by crawlers) stays where it is, and so does an inline script marked
 * `data-eager` (the consent notice's check, which must run before the notice is parsed:
 * src/site/consent.mjs). `metricaId` (0: none) is the counter the enhancer reaches goals on.
 * @param {string} html
 * @param {{ metricaId: number }} options
 */
export function deferScripts(html, { metricaId }) {
  /** @type {string[]} */
  const kept = [];
  const stripped = html
    .replace(SCRIPT, (tag) => {
      if (/^<script\b[^>]*(?:type="application\/ld\+json"|\sdata-eager[\s=>])/.test(tag)) return tag;
      kept.push(tag);
      return '';
    })
    .replace(SCRIPT_PRELOAD, '');
  // The consent part only with a counter: the enhancer calls it only then.
  const source = `(()=>{${isChunkError};${enhanceDialogs};${metricaId > 0 ? `${enhanceConsent};` : ''}(${enhance})(${JSON.stringify({ boot: true, metricaId })})})()`;
  // JSDoc blocks are for the type checker; the page does not need them.
  const loader = `<script>${source.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\n\s*/g, '\n')}</script>`;
  return stripped.replace('</body>', `<template id="__boot">${kept.join('')}</template>${loader}</body>`);
}
