/**
 * A held send that cannot go (the page's scripts, its remainder or the enhancer's own part could
 * not be loaded) says so in its form's status line, in the "no connection" text its dialog (or the
 * sign-in page's views) carries as `data-network-error`. What the status line held before is kept,
 * on the page's window (both parts of the enhancer write there: src/enhancer/late-loader.mjs,
 * page-scripts.mjs), and put back before React hydrates the page: React, finding other text than
 * it rendered, would give up hydrating and drop the held send (its error #418).
 */

/** The status lines written in, with what they held before. */
function written() {
  return (window.__epcWritten ??= new Map());
}

/** Writes the "no connection" text in `form`'s status line. @param {HTMLFormElement} form */
export function showNetworkError(form) {
  const status = form.querySelector('[role="status"]');
  const text = /** @type {HTMLElement | null} */ (form.closest('[data-network-error]'))?.dataset.networkError;
  if (!status || !text) return;
  const kept = written();
  if (!kept.has(status)) kept.set(status, [status.textContent ?? '', status.className]);
  status.textContent = text;
  status.className = 'text-sm whitespace-pre-line text-red-700';
}

/** Puts back what the status lines held before `showNetworkError` wrote in them. */
export function restoreStatusLines() {
  const kept = written();
  for (const [status, [text, className]] of kept) {
    status.textContent = text;
    status.className = className;
  }
  kept.clear();
}
