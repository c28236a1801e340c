// @ts-check
import { enhance, isChunkError } from './enhance.mjs';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script")[^>]*>/g;

/**
 * A pre-rendered page served without starting Next.js on load (docs/decisions/005): its scripts
 * move into <template id="__boot"> (inert: nothing is fetched or run), script preloads are
 * dropped, and the inline enhancer runs the template on the first interaction. Scripts marked
 * `data-eager` and structured data (`application/ld+json`, read by crawlers) stay where they are.
 * @param {string} html
 */
export function deferScripts(html) {
  /** @type {string[]} */
  const kept = [];
  const stripped = html
    .replace(SCRIPT, (tag) => {
      if (/^<script\b[^>]*(\bdata-eager\b|type="application\/ld\+json")/.test(tag)) return tag;
      kept.push(tag);
      return '';
    })
    .replace(SCRIPT_PRELOAD, '');
  const metricaId = Number(process.env.NEXT_PUBLIC_YM_ID) || 0;
  const source = `(()=>{${isChunkError};(${enhance})(${JSON.stringify({ boot: true, metricaId })})})()`;
  // JSDoc blocks are for the type checker; the page does not need them.
  const loader = `<script>${source.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\n\s*/g, '\n')}</script>`;
  return stripped.replace('</body>', `<template id="__boot">${kept.join('')}</template>${loader}</body>`);
}
