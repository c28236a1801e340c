import { fillFromRest } from './page-rest.mjs';

/**
 * What the page's enhancer (src/enhancer/enhance.mjs, dialogs.mjs) and React (dialog-shell.tsx,
 * use-form-submit.ts, the dialogs' fields) tell each other about a dialog, in one place: the marks
 * each side sets in the page, and the rules each reads them by (docs/decisions/051).
 * - A dialog React has hydrated is marked `data-hydrated`, in the task of React's hydration commit.
 *   Until then the enhancer keeps React's discrete events inside it from React, which would
 *   otherwise hydrate the whole page at once in the visitor's keystroke (018).
 * - A form React has taken over is marked `data-ready`. A send before then (in a dialog or the
 *   sign-in page's views) is held by the enhancer: the form is marked `data-pending`, its send
 *   buttons are disabled and show the sending state (`aria-busy`). React sends a held send once when
 *   it takes the form over; if the page's scripts cannot be loaded, the enhancer gives the button
 *   back with the dialog's "no connection" text. Either way the button comes back by `releaseSend`.
 * - Fields a trigger fills in (its `data-fill`: the VIN checked, the TIS set chosen, the product)
 *   are marked `data-fillable`; one the trigger does not name is emptied at every opening.
 * - A dialog's title has a variant per product (`data-product-title`, hidden but one): the one of
 *   the product its trigger's `data-fill` names is shown, else the plain title (`data-product-title=""`).
 *
 * Plain JavaScript: the enhancer is bundled from it into every pre-rendered page
 * (src/build/lazy-boot.mjs), and the app's dialogs import it too.
 */

const HYDRATED = 'data-hydrated';
const READY = 'data-ready';
const PENDING = 'data-pending';
const SEND_BUTTONS = 'button[type="submit"]';

/**
 * A closed dialog of a pre-rendered page holds an empty `<template data-dialog-content="N">`
 * (src/build/lazy-boot.mjs): its content, the N-th of the page's remainder
 * (src/enhancer/page-rest.mjs), is neither in the document nor in its bytes, so the page's load
 * pays nothing for some fifty form controls (docs/decisions/051, 053). `stampDialog` puts the
 * content in place: the enhancer does it one dialog at a time while the browser is idle once the
 * remainder has come, as a dialog opens if that comes first, and for every dialog left before the
 * page's scripts start, so that React hydrates the markup it rendered.
 */
export const DIALOG_CONTENT = 'data-dialog-content';

/**
 * Puts a dialog's content in place of its template, if it still has one: true when the dialog
 * holds its content, false while it waits for the page's remainder.
 * @param {Element} dialog
 */
export function stampDialog(dialog) {
  const template = /** @type {HTMLTemplateElement | undefined} */ ([...dialog.children].find((child) => child.localName === 'template' && child.hasAttribute(DIALOG_CONTENT)));
  if (!template) return true;
  if (!fillFromRest(template, (rest) => rest.dialogs[Number(template.getAttribute(DIALOG_CONTENT))], DIALOG_CONTENT, true)) return false;
  template.replaceWith(template.content);
  return true;
}

/**
 * A long choice in a dialog (the country, 248 options) is marked `data-late-options`: in a
 * pre-rendered page its options after the first (the placeholder) wait in
 * `<template data-late-options>` inside the select (src/build/lazy-boot.mjs), since a modal
 * opening styles every option in the tap's own frame (docs/decisions/051). `stampOptions` puts them
 * back: the enhancer does it in the task after the frame that showed the dialog, and for every
 * dialog before the page's scripts start, so that React hydrates the options it rendered.
 */
export const LATE_OPTIONS = 'data-late-options';
export const lateOptions = /** @type {const} */ ({ [LATE_OPTIONS]: '' });

/**
 * Runs `work` in a task after the next frame has been painted (rAF, then a task), or after 100 ms
 * where no frame comes (a page in a background tab): what the tap's own frame should not wait for.
 * @param {() => void} work
 */
export function afterPaint(work) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(run));
  setTimeout(run, 100);
}

/** Puts the options kept back in `root`'s long choices in place. @param {ParentNode} root */
export function stampOptions(root) {
  for (const template of root.querySelectorAll(`select > template[${LATE_OPTIONS}]`)) template.replaceWith(/** @type {HTMLTemplateElement} */ (template).content);
}

/** The mark of a field a trigger fills in, as its props (`<input {...fillable} />`), and the fields so marked. */
export const fillable = /** @type {const} */ ({ 'data-fillable': '' });
export const FILLABLE_FIELDS = '[data-fillable]';

/** The mark of a dialog title's variant for a product (`""` the plain title), as its props. @param {string} product */
export const productTitle = (product) => /** @type {const} */ ({ 'data-product-title': product });

/**
 * Shows the variant of `dialog`'s title for `product` (an id of src/site/products.mjs), or the
 * plain title when it has none: the trigger's product, in the tap's frame, React or not.
 * @param {Element} dialog
 * @param {string} product
 */
export function showProductTitle(dialog, product) {
  const variants = /** @type {HTMLElement[]} */ ([...dialog.querySelectorAll('[data-product-title]')]);
  const shown = variants.some((variant) => variant.dataset.productTitle === product) ? product : '';
  for (const variant of variants) variant.hidden = variant.dataset.productTitle !== shown;
}

/** The forms whose send is held. */
export const HELD_SENDS = `form[${PENDING}]`;

/**
 * React's discrete events: those it hydrates the whole page for at once when one lands on a part
 * it has not hydrated yet (React 19; docs/decisions/051 says how to check them on an upgrade).
 */
export const REACT_DISCRETE_EVENTS = /** @type {const} */ ([
  'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'textInput', 'compositionstart', 'compositionupdate', 'compositionend', 'select', 'selectstart',
  'focusin', 'focusout', 'focus', 'blur', 'pointerdown', 'pointerup', 'pointercancel', 'mousedown', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu',
  'touchstart', 'touchend', 'touchcancel', 'copy', 'cut', 'paste', 'invalid', 'reset', 'submit',
]);

/** React marks a dialog as it commits its hydration (a layout effect). @param {HTMLDialogElement} dialog */
export function markHydrated(dialog) {
  dialog.setAttribute(HYDRATED, '');
}

/** Whether React has hydrated `dialog`: until then its input is kept from React. @param {Element} dialog */
export function isHydrated(dialog) {
  return dialog.hasAttribute(HYDRATED);
}

/** React marks a form it has taken over: from then on React sends it. @param {HTMLFormElement} form */
export function markReady(form) {
  form.setAttribute(READY, '');
}

/**
 * Whether a send of `form` is the enhancer's to hold: a dialog's form (or one of the sign-in page's
 * views) that React has not taken over yet.
 * @param {HTMLFormElement} form
 */
export function holdsSend(form) {
  return !form.hasAttribute(READY) && form.closest('dialog, [data-auth-views]') !== null;
}

/**
 * Holds a send of `form` until React takes it over: the button shows the sending state. False when
 * one is held already, or when the form shows no send button (a rule of the form has taken it away,
 * as the buy dialog's for a spare-part buyer; Enter in a field would still submit): the send is
 * dropped, as React drops it.
 * @param {HTMLFormElement} form
 */
export function holdSend(form) {
  const shown = [...form.querySelectorAll(SEND_BUTTONS)].some((button) => button.checkVisibility?.() ?? true);
  if (form.hasAttribute(PENDING) || !shown) return false;
  form.setAttribute(PENDING, '');
  for (const button of form.querySelectorAll(SEND_BUTTONS)) {
    /** @type {HTMLButtonElement} */ (button).disabled = true;
    button.setAttribute('aria-busy', 'true');
  }
  return true;
}

/**
 * Gives a held send's button back (to React, which then sends the form once, or to the visitor,
 * when the scripts cannot be loaded). Whether a send was held.
 * @param {HTMLFormElement} form
 */
export function releaseSend(form) {
  if (!form.hasAttribute(PENDING)) return false;
  form.removeAttribute(PENDING);
  for (const button of form.querySelectorAll(SEND_BUTTONS)) {
    /** @type {HTMLButtonElement} */ (button).disabled = false;
    button.removeAttribute('aria-busy');
  }
  return true;
}
