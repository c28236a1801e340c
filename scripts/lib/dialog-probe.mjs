// What runs inside the page to time a first tap. Both functions are sent to the page as source
// text, so neither may use anything from outside its own body.

/**
 * The benchmark's "dialog open": a `dialog[open]` or a visible `[role="dialog"]` holds the focus in
 * one of its fields, i.e. the visitor can type. Works for a Radix dialog and for a native <dialog>.
 */
export function dialogFieldFocused() {
  const active = document.activeElement;
  if (!active?.matches('input:not([type="hidden"]), select, textarea')) return false;
  for (let el = active.parentElement; el; el = el.parentElement) {
    if (el.matches('dialog[open]')) return true;
    if (el.matches('[role="dialog"]')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true })) return true;
    }
  }
  return false;
}

/**
 * Installs `window.__tapProbe`: { tapAt, listenerAt, openAt, reset() }, all in the page's clock.
 * - tapAt: the first pointerdown on a `[data-dialog]` trigger (or inside one) since the last reset.
 *   It is the event's timeStamp, when the browser took the touch: a busy main thread runs this
 *   listener later (listenerAt, performance.now() in the listener, is kept to show the gap), and
 *   that wait is part of what the visitor waits.
 * - openAt: performance.now() in a requestAnimationFrame callback of the first frame after the tap
 *   that paints the dialog open. MutationObserver and focusin see the change between frames and ask
 *   for the next frame; the rAF loop catches what they miss.
 * Installed with context.addInitScript, so it listens before any of the page's own scripts.
 * @param {() => boolean} dialogOpen dialogFieldFocused, passed in as source text
 */
function installDialogProbe(dialogOpen) {
  const probe = {
    tapAt: /** @type {number | null} */ (null),
    listenerAt: /** @type {number | null} */ (null),
    openAt: /** @type {number | null} */ (null),
    reset() {
      probe.tapAt = probe.listenerAt = probe.openAt = null;
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
      probe.listenerAt = performance.now();
      probe.tapAt = event.timeStamp > 0 && event.timeStamp <= probe.listenerAt ? event.timeStamp : probe.listenerAt;
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      requestAnimationFrame(loop);
    },
    { capture: true, passive: true },
  );
}

/** The probe as an init script (context.addInitScript). */
export const dialogProbeScript = { content: `(${installDialogProbe})(${dialogFieldFocused});` };
