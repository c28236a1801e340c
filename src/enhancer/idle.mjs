/** The longest a task waits for the browser to be idle, in ms. */
const IDLE_WAIT_MS = 1000;

/**
 * Runs `callback` when the browser is next idle, or after IDLE_WAIT_MS however busy it stays: an
 * idle period can be withheld for good (a renderer that produces no frames, as Chromium's headless
 * shell after a page's first paint, or one kept busy), and what waits here must still happen.
 * Where the browser has no idle callbacks, after a short timeout.
 * @param {() => void} callback
 */
export function whenIdle(callback) {
  if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
  else setTimeout(callback, 50);
}
