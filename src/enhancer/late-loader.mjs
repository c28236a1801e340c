import { holdsSend } from './dialog-protocol.mjs';
import { closest } from './events.mjs';
import { afterFirstPaint } from './first-paint.mjs';
import { whenIdle } from './idle.mjs';
import { REST } from './page-rest.mjs';
import { showNetworkError } from './send-status.mjs';

/** The interactions that start a pre-rendered page's scripts (src/enhancer/page-scripts.mjs). */
export const INTERACTIONS = /** @type {const} */ (['pointerup', 'keydown', 'focusin', 'touchend']);

/** How long after a failed load an interaction does not try again (a tap or a send does). */
export const RETRY_MS = 3000;

/**
 * The enhancer's late part on a pre-rendered page (docs/decisions/053): the dialogs, the start of
 * the page's scripts and the use of its remainder (src/enhancer/late.mjs) are one file of the
 * build's static folder, `href`, the same for every page and cached by the browser, so that the
 * page's document carries only what must act before its first paint. It is loaded once the page
 * has been painted, at the next idle moment (src/enhancer/idle.mjs), together with the page's
 * remainder; at once on the first interaction, and on a page that starts its scripts at once
 * (`data-boot-eager`).
 *
 * Until it has run, what it would have handled is kept for it (`window.__epcEarly.held`): a click
 * of a dialog's trigger and a send it would hold (both prevented, and done again when it runs), a
 * press of a switch between the sign-in page's views (done again), and the interactions that start
 * the page's scripts. If it cannot be loaded, a trigger's own page serves instead (its `href`, what
 * a page without scripts follows), a kept send gets the "no connection" text, and the next
 * interaction tries again; a page of an earlier build (its files are gone) reloads, as for a script
 * chunk (src/enhancer/chunk-reload.mjs).
 * @param {string} href
 * @param {(goal: string | undefined) => void} reachGoal
 */
export function loadLate(href, reachGoal) {
  /** @type {NonNullable<Window['__epcEarly']>} */
  const early = (window.__epcEarly = { reachGoal, held: [] });
  /** @type {'idle' | 'loading'} */
  let state = 'idle';
  let failedAt = -Infinity;
  /** @param {boolean} [asked] a tap or a send: tried again at once after a failure */
  const load = (asked = false) => {
    if (state !== 'idle' || early.ran || (!asked && performance.now() - failedAt < RETRY_MS)) return;
    state = 'loading';
    const rest = document.getElementById('__boot')?.getAttribute(REST);
    if (rest && !early.rest) {
      early.rest = fetch(rest);
      // Read by the late part; a failure is its to report.
      early.rest.catch(() => undefined);
    }
    const script = document.createElement('script');
    script.src = href;
    script.onerror = () => {
      script.remove();
      state = 'idle';
      failedAt = performance.now();
      // A script's failure does not say why. The page's remainder, of the same build, does: the
      // server no longer has it when this page is of an earlier build (kept by a cache).
      early.rest?.then((response) => response.ok || window.__epcChunkFailed?.(), () => undefined);
      early.rest = undefined;
      const kept = early.held.splice(0);
      for (const event of kept) {
        const target = event.target;
        if (event.type === 'submit' && target instanceof HTMLFormElement) showNetworkError(target);
        else if (event.type === 'click' && target instanceof Element) {
          const trigger = target.closest('a[data-dialog]');
          if (trigger instanceof HTMLAnchorElement) location.assign(trigger.href);
        }
      }
    };
    document.head.appendChild(script);
  };

  /** Keeps `event` for the late part, and loads it. @param {Event} event @param {boolean} [asked] */
  const keep = (event, asked = false) => {
    if (early.ran) return;
    early.held.push(event);
    load(asked);
  };
  const d = document;
  for (const type of INTERACTIONS) d.addEventListener(type, (event) => keep(event), { capture: true, passive: true });
  d.addEventListener(
    'click',
    (event) => {
      const mouse = /** @type {MouseEvent} */ (event);
      if (early.ran || mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
      // A switch between the sign-in page's views (`data-auth-view`, a button that does nothing
      // without the late part) is kept too, and pressed again when it runs.
      if (closest(event, '[data-auth-views] [data-auth-view]')) {
        keep(event, true);
        return;
      }
      const trigger = /** @type {HTMLElement | null} */ (closest(event, '[data-dialog]'));
      if (!trigger || !d.querySelector(`dialog[data-dialog-name="${trigger.dataset.dialog}"]`)) return;
      event.preventDefault();
      keep(event, true);
    },
    true,
  );
  d.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (early.ran || !(form instanceof HTMLFormElement) || !holdsSend(form)) return;
      event.preventDefault();
      keep(event, true);
    },
    true,
  );
  if (d.querySelector('[data-boot-eager]')) load();
  else afterFirstPaint(() => whenIdle(() => load()));
}
