/**
 * The remainder of a pre-rendered page (docs/decisions/053): what its first paint does not need,
 * kept out of its document so that the document arrives in the first round trip of a phone's
 * connection. It is a JSON file of the build's static folder (src/build/lazy-boot.mjs writes it):
 * `dialogs`, each closed dialog's content by its index (`<template data-dialog-content="N">`), and
 * `boot`, the page's scripts for `<template id="__boot">`. Its address is the boot template's
 * `data-rest`. Pages Next.js renders have no remainder: their dialogs and scripts are in them.
 *
 * The page's stylesheet belongs to it too: the document inlines only the rules its own elements
 * use (src/build/critical-css.mjs), and the whole stylesheet, kept as a disabled `<link>`, is
 * enabled as the remainder is fetched, so that a dialog never opens before its rules apply.
 *
 * Plain JavaScript: bundled into the enhancer's late part, and imported by the dialogs' protocol.
 */

/** The attribute of the boot template naming the remainder's address. */
export const REST = 'data-rest';
/**
 * A script of the remainder's boot template that is data: a JSON value the page's scripts read from
 * `self.__next_f` (Next.js's payload), pushed there as the script would have (start-scripts.mjs),
 * instead of an inline script the page's policy would have to name by its hash.
 */
export const PAYLOAD = 'data-next-f';
/** Where the remainders are served from (the build's static folder, `static/rest/`). */
export const REST_PATH = '/_next/static/rest/';

/** @typedef {{ dialogs: string[]; boot: string }} Rest */

/** The remainder, once it has come. @type {Rest | undefined} */
let parts;
/** Its fetch under way, or done. @type {Promise<boolean> | undefined} */
let arrival;

/**
 * The page's disabled stylesheets enabled, and whether they have all loaded (a sheet that fails
 * to load counts as not loaded).
 * @returns {Promise<boolean>}
 */
function enableStylesheets() {
  const links = /** @type {HTMLLinkElement[]} */ ([...document.querySelectorAll('head > link[rel="stylesheet"]')]);
  return Promise.all(
    links.map((link) => {
      if (!link.disabled && link.sheet) return true;
      const loaded = new Promise((resolve) => {
        link.addEventListener('load', () => resolve(true), { once: true });
        link.addEventListener(
          'error',
          () => {
            // Disabled again, so that the next attempt fetches it anew.
            link.setAttribute('disabled', '');
            resolve(false);
          },
          { once: true },
        );
      });
      link.removeAttribute('disabled');
      return loaded;
    }),
  ).then((all) => all.every(Boolean));
}

/**
 * Fetches the page's remainder (once; again after a failure) and enables its stylesheet: true
 * once both are here, false if either could not be loaded. True at once on a page without one.
 * @returns {Promise<boolean>}
 */
export function fetchRest() {
  if (arrival) return arrival;
  const href = document.getElementById('__boot')?.getAttribute(REST);
  if (!href) return (arrival = Promise.resolve(true));
  // Begun by the early part as it loaded this one (src/enhancer/late-loader.mjs), once.
  const early = window.__epcEarly;
  const answer = early?.rest ?? fetch(href);
  if (early) early.rest = undefined;
  const rest = answer.then((response) => {
    // The server answered without it: this page is of an earlier build (kept by a cache), whose
    // remainder is gone. It reloads, as for a script chunk of an earlier build (chunk-reload.mjs).
    if (!response.ok) {
      window.__epcChunkFailed?.();
      throw new Error(`${href}: ${response.status}`);
    }
    return /** @type {Promise<Rest>} */ (response.json());
  });
  arrival = Promise.all([rest, enableStylesheets()]).then(
    ([loaded, styled]) => {
      parts = loaded;
      if (!styled) arrival = undefined;
      return styled;
    },
    () => {
      arrival = undefined;
      return false;
    },
  );
  return arrival;
}

/**
 * A template of the page that waits for its part of the remainder (a dialog's content, the boot
 * template) given it: true when it holds its content (given now or before), false while the
 * remainder has not come.
 * @param {HTMLTemplateElement} template
 * @param {(rest: Rest) => string | undefined} part
 * @param {string} mark the attribute that names the part, removed once it is given
 * @param {boolean} [keepMark] the mark stays, emptied (`data-dialog-content` still marks the content)
 */
export function fillFromRest(template, part, mark, keepMark = false) {
  if (!template.getAttribute(mark)) return true;
  if (!parts) return false;
  template.innerHTML = part(parts) ?? '';
  if (keepMark) template.setAttribute(mark, '');
  else template.removeAttribute(mark);
  return true;
}
