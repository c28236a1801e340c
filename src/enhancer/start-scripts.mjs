import { PAYLOAD } from './page-rest.mjs';

/**
 * Runs the page's scripts kept in <template id="__boot"> (docs/decisions/051) at a pause in the
 * visitor's input (docs/decisions/051). They are fetched on the first interaction; they run once
 * nothing has been typed, touched or chosen for QUIET_MS and no select's picker is open, or at once
 * when `hurry` is asked (a held send, a page that must start). The framework's first script evaluates for about 190 ms on the phone profile,
 * one task no key can interrupt: run in the middle of typing, a key waits for all of it.
 */

/** A pause in the visitor's input long enough to be a pause: reading a label, moving to a field. */
const QUIET_MS = 500;

/** The input that says the visitor is busy with the page (`input`: a choice made in a picker). */
const BUSY = ['keydown', 'pointerdown', 'input'];

/**
 * Whether a select's picker is open: its keys and touches do not reach the page. False where the
 * browser does not know `:open`.
 * @param {Document} d
 */
function picking(d) {
  try {
    return d.querySelector('select:open') !== null;
  } catch {
    return false;
  }
}

/**
 * @param {Document} d
 * @param {(script: HTMLScriptElement) => void} onInsert called for each script it puts in the page
 * @returns {(template: HTMLTemplateElement, hurry: boolean) => void} `run(template, hurry)`: the
 *   first call fetches and schedules; any later call can only hurry it
 */
export function scriptStarter(d, onInsert) {
  let lastInput = -Infinity;
  const busy = () => {
    lastInput = performance.now();
  };
  for (const type of BUSY) d.addEventListener(type, busy, { capture: true, passive: true });

  /** @type {HTMLTemplateElement | null} */
  let kept = null;
  let fetched = false;
  let hurried = false;
  let ran = false;
  /** @type {number | undefined} */
  let waiting;

  const insert = () => {
    if (ran || !kept || !fetched) return;
    const quietFor = picking(d) ? 0 : performance.now() - lastInput;
    if (!hurried && quietFor < QUIET_MS) {
      clearTimeout(waiting);
      waiting = window.setTimeout(insert, QUIET_MS - quietFor);
      return;
    }
    ran = true;
    clearTimeout(waiting);
    for (const type of BUSY) d.removeEventListener(type, busy, true);
    for (const original of kept.content.querySelectorAll('script')) {
      if (original.hasAttribute(PAYLOAD)) {
        (window.__next_f ??= []).push(JSON.parse(original.text));
        continue;
      }
      const script = d.createElement('script');
      for (const attribute of original.attributes) script.setAttribute(attribute.name, attribute.value);
      script.async = original.hasAttribute('async');
      script.text = original.text;
      onInsert(script);
      d.body.appendChild(script);
    }
  };

  return (template, hurry) => {
    hurried ||= hurry;
    if (kept) return insert();
    kept = template;
    // Into the HTTP cache (the chunks are immutable), so that running them later waits for no
    // network. A fetch, not a preload: the page's policy admits scripts by hash and
    // 'strict-dynamic', under which a preload link would be refused. A failed fetch is left to the
    // script's own load to report.
    const sources = [...template.content.querySelectorAll('script[src]:not([nomodule])')].map((script) => script.getAttribute('src') ?? '');
    Promise.all(sources.map((src) => fetch(src).then((response) => response.arrayBuffer(), () => null)))
      .catch(() => null)
      .then(() => {
        fetched = true;
        insert();
      });
  };
}
