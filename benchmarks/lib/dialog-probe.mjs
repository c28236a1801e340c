// What runs inside the page to time a first tap. Both functions are sent to the page as source
// text, so neither may use anything from outside its own body. The Event Timing fields they read
// (interactionId, durationThreshold) are typed by web-vitals, which measures the same.
/// <reference types="web-vitals" />

/**
 * The benchmark's "dialog open": a `dialog[open]` or a visible `[role="dialog"]` holds the focus in
 * one of its fields, i.e. the visitor can type. Works for a Radix dialog and for a native <dialog>.
 */
export function dialogFieldFocused() {
  const active = document.activeElement;
  if (!active?.matches('input:not([type="hidden"]), select, textarea')) return false;
  for (let el = active.parentElement; el; el = el.parentElement) {
    if (el.matches('dialog[open], dialog:popover-open')) return true;
    if (el.matches('[role="dialog"]')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true })) return true;
    }
  }
  return false;
}

/**
 * Installs `window.__tapProbe` in the page's clock:
 * - tapAt: the first pointerdown on a `[data-dialog]` trigger (or inside one) since the last reset:
 *   the event's timeStamp, when the browser took the touch.
 * - eventMs: the tap's duration as the Event Timing API reports it, the figure INP is made of: the
 *   largest `duration` of the `event` entries that share the tap's `interactionId` (pointerdown,
 *   pointerup, click), each from its event's timestamp to the next paint after its handlers ran.
 *   Entries shorter than 16 ms are not reported (the API's floor): a tap with none is "< 16".
 * - clickSeen: the interaction's click entry has arrived, so eventMs is final.
 * - openAt: performance.now() in a requestAnimationFrame callback of the first frame after the tap
 *   that shows the dialog open (ready for typing). It is taken before that frame's style, layout and
 *   paint, so `openAt - tapAt` under-reports; it is kept beside eventMs, labelled, to tell a dialog
 *   that opened within the interaction's paint from one that opened frames later.
 * Installed with context.addInitScript, so it listens before any of the page's own scripts.
 * @param {() => boolean} dialogOpen dialogFieldFocused, passed in as source text
 */
function installDialogProbe(dialogOpen) {
  /** @type {BenchTapProbe} */
  const probe = {
    tapAt: null,
    openAt: null,
    interactionId: 0,
    eventMs: 0,
    clickSeen: false,
    reset() {
      probe.tapAt = probe.openAt = null;
      probe.interactionId = probe.eventMs = 0;
      probe.clickSeen = false;
    },
  };
  Object.defineProperty(window, '__tapProbe', { value: probe });
  const waiting = () => probe.tapAt !== null && probe.openAt === null;
  const record = () => {
    if (!waiting()) return;
    probe.openAt = performance.now();
    observer.disconnect();
  };
  const onChange = () => {
    if (waiting() && dialogOpen()) requestAnimationFrame(record);
  };
  const loop = () => {
    if (!waiting()) return;
    if (dialogOpen()) record();
    else requestAnimationFrame(loop);
  };
  const observer = new MutationObserver(onChange);
  addEventListener('focusin', onChange, { capture: true });
  addEventListener(
    'pointerdown',
    (event) => {
      if (probe.tapAt !== null || !(event.target instanceof Element) || !event.target.closest('[data-dialog]')) return;
      const now = performance.now();
      probe.tapAt = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      requestAnimationFrame(loop);
    },
    { capture: true, passive: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
      if (probe.tapAt === null || !entry.interactionId || entry.startTime < probe.tapAt - 1) continue;
      // The bench touches nothing else after the reset: the first interaction is the tap.
      if (!probe.interactionId) probe.interactionId = entry.interactionId;
      if (entry.interactionId !== probe.interactionId) continue;
      probe.eventMs = Math.max(probe.eventMs, entry.duration);
      if (entry.name === 'click') probe.clickSeen = true;
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The probe as an init script (context.addInitScript). */
export const dialogProbeScript = { content: `(${installDialogProbe})(${dialogFieldFocused});` };
