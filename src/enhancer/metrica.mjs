import { closest } from './events.mjs';

/** @typedef {((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number }} YmQueue */

/**
 * Goals for Yandex Metrica. With a counter (`counter` > 0), nothing of Yandex loads and no goal is
 * sent until the visitor allows analytics cookies in the consent notice (`consent`:
 * src/enhancer/metrica-consent.mjs, docs/decisions/020); once allowed, the tag starts at once, on
 * every page. Without the consent part a counter gets no goal. Without a counter (development,
 * tests) goals go to whatever `window.ym` the page has. Returns the function that reaches a goal.
 * @param {number | undefined} counter
 * @param {typeof import('./metrica-consent.mjs').enhanceConsent} [consent]
 * @returns {(goal: string | undefined) => void}
 */
export function metricaGoals(counter, consent) {
  const startMetrica = () => {
    if (typeof window.ym === 'function') return;
    /** @type {YmQueue} */
    const queue = function () {
      (queue.a = queue.a || []).push(arguments);
    };
    queue.l = Date.now();
    window.ym = queue;
    const tag = document.createElement('script');
    tag.async = true;
    tag.src = 'https://mc.yandex.ru/metrika/tag.js';
    document.head.appendChild(tag);
    queue(counter || 0, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
  };
  const noConsent = () => false;
  const allowed = counter && counter > 0 ? (consent?.(startMetrica, closest) ?? noConsent) : () => true;
  return (goal) => {
    try {
      // Before consent (or after its withdrawal) a goal is dropped, not queued.
      if (goal && typeof window.ym === 'function' && allowed()) window.ym(counter || 0, 'reachGoal', goal);
    } catch {
      // Analytics must never break the page.
    }
  };
}
