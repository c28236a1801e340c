import { FILLABLE_FIELDS, isHydrated, REACT_DISCRETE_EVENTS, showProductTitle, stampDialog, stampOptions, afterPaint } from './dialog-protocol.mjs';
import { fetchRest } from './page-rest.mjs';

/**
 * The dialogs' behaviour that needs no framework (docs/decisions/051), for both phases of a
 * page, before React and after it:
 * - a trigger (`data-dialog`) opens its dialog, already in the page, at once: on the release of a
 *   finger's tap, or on a click; it fills in the fields its `data-fill` names (the VIN checked, the
 *   TIS set chosen, the product), shows the title naming that product, focuses the first field and
 *   reaches the dialog's goal (`data-open-goal`);
 * - close icons (`data-dialog-close`), a press and release on the backdrop, and the auth dialog's
 *   views (`data-auth-view`) work without React;
 * - an open dialog is a history entry (the back button closes it) and closes the phone's menu;
 *   Escape closes that menu too;
 * - it returns the registration of the listener that keeps a dialog's input from React until React
 *   has hydrated it (docs/decisions/051), for the enhancer to call after its own handlers.
 *
 * What it and React tell each other (`data-hydrated`, `data-fillable`, the events kept from React)
 * is src/enhancer/dialog-protocol.mjs.
 * @param {(goal: string | undefined) => void} reachGoal
 * @param {(event: Event, selector: string) => Element | null} closest the event target's closest match
 * @returns {() => void}
 */
export function enhanceDialogs(reachGoal, closest) {
  const d = document;

  /** The first field a visitor can see in `root`. @param {Element} root */
  const firstField = (root) =>
    /** @type {HTMLElement | undefined} */ (
      [...root.querySelectorAll('input:not([type="hidden"]):not([tabindex="-1"]), select, textarea')].find((field) => field.getClientRects().length > 0)
    );

  /**
   * Shows a closed dialog in the top layer without making the page behind it inert: `showModal()`
   * restyles every element of the page for its inertness (measured: 278 elements and 40-85 ms on
   * the phone profile, against 76 elements and 17-35 ms shown this way), and the tap's frame should
   * not wait for that (docs/decisions/051). False where the browser has no popovers, and while
   * another dialog is modal (the page, this dialog included, is inert then: it opens modal at once).
   * @param {HTMLDialogElement} dialog
   */
  const showOnTop = (dialog) => {
    if (typeof dialog.showPopover !== 'function' || d.querySelector('dialog:modal')) return false;
    dialog.popover = 'manual';
    dialog.showPopover();
    return true;
  };
  /**
   * Makes a dialog `showOnTop` showed modal, in the same task (no frame shows it otherwise): the
   * field that has the focus keeps it, without a blur or a focus event (showModal() focuses the
   * dialog's autofocus field, and focusing the focused element does nothing).
   * @param {HTMLDialogElement} dialog
   */
  const makeModal = (dialog) => {
    // Checked by the method first: where popovers are unknown, so is `:popover-open` (it throws).
    if (typeof dialog.showPopover !== 'function' || !dialog.matches(':popover-open')) return;
    const active = d.activeElement;
    const keep = active instanceof HTMLElement && dialog.contains(active) && !active.autofocus ? active : undefined;
    if (keep) keep.autofocus = true;
    dialog.hidePopover();
    dialog.removeAttribute('popover');
    dialog.showModal();
    if (keep) keep.autofocus = false;
  };

  /** The dialogs a tap opens once the page's remainder has come. @type {Set<HTMLDialogElement>} */
  const awaited = new Set();
  /** The trigger that opened the last dialog. @type {HTMLElement | undefined} */
  let opener;
  /** The closed-or-open dialog a trigger names. @param {HTMLElement | null} trigger */
  const dialogOf = (trigger) =>
    trigger && /** @type {HTMLDialogElement | null} */ (d.querySelector(`dialog[data-dialog-name="${trigger.dataset.dialog}"]`));
  /** Opens `dialog` for `trigger`, ready for typing. @param {HTMLElement} trigger @param {HTMLDialogElement} dialog */
  const open = (trigger, dialog) => {
    // A pre-rendered page's dialog holds its content in a template until first used, and the
    // content comes with the page's remainder (docs/decisions/053): a dialog opened before it has
    // come opens when it does, or, if it cannot be fetched, the trigger's page serves instead.
    if (!stampDialog(dialog)) {
      if (awaited.has(dialog)) return;
      awaited.add(dialog);
      void fetchRest().then((here) => {
        awaited.delete(dialog);
        if (here) open(trigger, dialog);
        else if (trigger instanceof HTMLAnchorElement) location.assign(trigger.href);
      });
      return;
    }
    // What the trigger carries for the dialog's fields (`data-fill`, a query string: the VIN
    // checked, the TIS set chosen, the product); a field it does not name is emptied at every
    // opening. The title names the product.
    const fill = new URLSearchParams(trigger.dataset.fill || '');
    for (const field of /** @type {NodeListOf<HTMLInputElement>} */ (dialog.querySelectorAll(FILLABLE_FIELDS))) field.value = fill.get(field.name) || '';
    showProductTitle(dialog, fill.get('product') || '');
    if (!dialog.open && !showOnTop(dialog)) dialog.showModal();
    firstField(dialog)?.focus();
    reachGoal(dialog.dataset.openGoal);
    opener = trigger;
    // Once the dialog is on screen, in the task after its frame: it becomes modal, its long choices
    // get their options (docs/decisions/051), and the page behind stops scrolling (a change of the
    // root's style restyles the whole page). The tap's own frame waits for none of them.
    afterPaint(() => {
      makeModal(dialog);
      stampOptions(dialog);
      if (!dialog.open) return;
      d.documentElement.classList.add('dialog-open');
      closeMenus();
      remember(dialog);
    });
  };

  // The phone's menu (a <details> in the header) closes when a dialog opens from it (it stayed
  // open behind the dialog and after it), and on Escape.
  const closeMenus = () => {
    for (const menu of /** @type {NodeListOf<HTMLDetailsElement>} */ (d.querySelectorAll('header details[open]'))) menu.open = false;
  };
  /** Where the focus goes back to: the trigger, or the summary of the closed menu it is in. @param {HTMLElement} trigger */
  const returnPoint = (trigger) => /** @type {HTMLElement | null} */ (trigger.closest('details:not([open])')?.querySelector('summary')) ?? trigger;

  // An open dialog is an entry of the tab's history, so that the back button (Android's back
  // gesture) closes it instead of leaving the page and what was typed in it. Closed any other way,
  // the dialog takes its entry back. Pushed after the opening's frame (the tap does not wait for
  // it), and only once the framework has started: its router, starting on an entry that is not the
  // page's first, would take that for a return it missed and restore the page (docs/decisions/036).
  /** The dialog the history entry is for, and whether the entry is pushed yet. @type {{ dialog: HTMLDialogElement; pushed: boolean } | undefined} */
  let entry;
  const w = /** @type {Window & { __epcBooted?: boolean }} */ (window);
  /** @param {HTMLDialogElement} dialog */
  const remember = (dialog) => {
    if (entry?.dialog.open) return;
    const mine = (entry = { dialog, pushed: /** @type {boolean} */ (false) });
    const push = () => {
      if (entry !== mine || !dialog.open) return;
      mine.pushed = true;
      // The framework's own state is carried over (its router restores the page from it on return).
      history.pushState({ ...history.state, dialog: dialog.dataset.dialogName }, '');
    };
    if (w.__epcBooted) push();
    else addEventListener('epc:booted', () => setTimeout(push, 0), { once: true });
  };
  addEventListener('popstate', () => {
    const left = entry;
    if (!left?.pushed) return;
    entry = undefined;
    if (left.dialog.open) {
      makeModal(left.dialog);
      left.dialog.close();
    }
  });
  /** A dialog closed by the visitor (not by the back button): its entry goes. @param {EventTarget | null} dialog */
  const forget = (dialog) => {
    if (!entry || dialog !== entry.dialog) return;
    const pushed = entry.pushed;
    entry = undefined;
    if (pushed) history.back();
  };

  // A finger's tap on a trigger opens its dialog as the finger lifts (docs/decisions/051): the
  // compatibility mouse events and the click that would follow are cancelled, so the dialog does
  // not wait for them (nor for the page's handlers of each). A touch that moved, lasted like a long
  // press, or became a scroll (its touchend is then not cancelable) is left to the browser.
  /** @type {{ trigger: HTMLElement; x: number; y: number; at: number } | undefined} */
  let touch;
  d.addEventListener(
    'touchstart',
    (event) => {
      const trigger = /** @type {HTMLElement | null} */ (event.touches.length === 1 ? closest(event, '[data-dialog]') : null);
      const point = event.touches[0];
      touch = trigger && point ? { trigger, x: point.clientX, y: point.clientY, at: event.timeStamp } : undefined;
    },
    { capture: true, passive: true },
  );
  d.addEventListener('touchcancel', () => (touch = undefined), { capture: true, passive: true });
  d.addEventListener(
    'touchend',
    (event) => {
      const start = touch;
      touch = undefined;
      const point = event.changedTouches[0];
      if (!start || !point || event.touches.length || !event.cancelable || event.timeStamp - start.at > 500) return;
      if (Math.hypot(point.clientX - start.x, point.clientY - start.y) > 10) return;
      const dialog = dialogOf(start.trigger);
      if (!dialog) return;
      event.preventDefault();
      open(start.trigger, dialog);
    },
    { capture: true },
  );

  // Escape and Tab act on a modal dialog (it closes; the focus stays inside it): a press of either
  // before the task that makes a dialog shown on top modal makes it modal first, in the key's own
  // task, so that the key does what it does on any open dialog (a quick Escape was lost otherwise).
  d.addEventListener(
    'keydown',
    (event) => {
      const key = /** @type {KeyboardEvent} */ (event).key;
      if (key !== 'Escape' && key !== 'Tab') return;
      // Pressed inside an open drop-down (`details[data-menu]`, the products), Escape closes that one
      // only (src/enhancer/navigation.mjs), not the phone's menu around it.
      const inDropDown = event.target instanceof Element && event.target.closest('details[data-menu][open]');
      if (key === 'Escape' && !inDropDown && !d.querySelector('dialog[open]')) {
        const menu = /** @type {HTMLDetailsElement | null} */ (d.querySelector('header details[open]'));
        if (menu) {
          closeMenus();
          menu.querySelector('summary')?.focus();
        }
      }
      for (const dialog of /** @type {NodeListOf<HTMLDialogElement>} */ (d.querySelectorAll('dialog[popover]'))) makeModal(dialog);
    },
    true,
  );

  // The dialogs are in the page (closed <dialog data-dialog-name>): a trigger opens its dialog at
  // once, React or not (docs/decisions/051). Close icons, the auth dialog's views and a click on
  // the backdrop are handled here too, for both phases.
  d.addEventListener(
    'click',
    (event) => {
      const mouse = /** @type {MouseEvent} */ (event);
      if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
      const trigger = /** @type {HTMLElement | null} */ (closest(event, '[data-dialog]'));
      const dialog = dialogOf(trigger);
      if (trigger && dialog) {
        event.preventDefault();
        open(trigger, dialog);
        return;
      }
      if (trigger) return;
      const closer = closest(event, '[data-dialog-close]');
      const closing = closer?.closest('dialog');
      if (closing) {
        // A close in the opening's own frame: the dialog is made modal first, so that it closes
        // as any dialog does (the close event, the focus back).
        makeModal(closing);
        closing.close();
      }
      if (closer) return;
      const view = /** @type {HTMLElement | null} */ (closest(event, '[data-auth-view]'));
      const views = view?.closest('[data-auth-views]');
      if (view && views) {
        for (const panel of /** @type {NodeListOf<HTMLElement>} */ (views.querySelectorAll('[data-auth-panel]'))) {
          panel.hidden = panel.dataset.authPanel !== view.dataset.authView;
          if (!panel.hidden) /** @type {HTMLElement | null} */ (panel.firstElementChild)?.focus();
        }
        return reachGoal(view.dataset.goal);
      }
      const backdrop = onBackdrop(event);
      if (backdrop && backdrop === pressedBackdrop) {
        // Pressed while the dialog was only shown on top (the frame after its opening): there was
        // no backdrop yet to take the press, and the page behind must not get it either.
        if (event.target !== backdrop) {
          event.preventDefault();
          event.stopPropagation();
        }
        makeModal(backdrop);
        backdrop.close();
      }
    },
    true,
  );
  // Scrolling comes back when the last dialog has closed, however it closed. The focus goes back to
  // the trigger where the dialog left it nowhere (on <body>, or on a field of the closed dialog): a
  // tap does not focus the trigger, nor does a click in Safari, and focusing it on the tap would
  // cost the opening a restyle of the page.
  d.addEventListener(
    'close',
    (event) => {
      const active = d.activeElement;
      const nowhere = !active || active === d.body || (event.target instanceof Node && event.target.contains(active));
      if (nowhere && opener?.isConnected) returnPoint(opener).focus({ preventScroll: true });
      if (!d.querySelector('dialog[open]')) d.documentElement.classList.remove('dialog-open');
      forget(event.target);
    },
    true,
  );
  // A press and a release both on the backdrop close the dialog (not a text selection dragged out
  // of it). Chromium's own closedby="any" leaves a dialog opened from a mouse click open but no
  // longer modal, so this is done here. A dialog shown on top and not yet modal (until the frame
  // after its opening) has no backdrop: a press outside it, which lands on the page behind, counts
  // as one on its backdrop.
  /** @type {HTMLDialogElement | undefined} */
  let pressedBackdrop;
  /** The dialog a press or click was on the backdrop of, if any. @param {Event} event */
  const onBackdrop = (event) => {
    const target = event.target;
    const mouse = /** @type {MouseEvent} */ (event);
    const onTop = /** @type {HTMLDialogElement | null} */ (d.querySelector('dialog[popover]'));
    const dialog = target instanceof HTMLDialogElement && target.open ? target : onTop?.matches(':popover-open') ? onTop : undefined;
    if (!dialog) return undefined;
    const box = dialog.getBoundingClientRect();
    const inside = mouse.clientX >= box.left && mouse.clientX <= box.right && mouse.clientY >= box.top && mouse.clientY <= box.bottom;
    return inside ? undefined : dialog;
  };
  d.addEventListener('pointerdown', (event) => (pressedBackdrop = onBackdrop(event)), { capture: true, passive: true });

  // Until React has hydrated a dialog (it marks it `data-hydrated`), the visitor's input inside it
  // stays the page's own: typing, taps and focus there are not passed on to React, which would
  // otherwise hydrate the whole page at once, in the keystroke's task, whenever one lands while it
  // is still hydrating in slices (docs/decisions/051). What was typed is taken over when React
  // arrives, as for input before the scripts have loaded. Registered by the enhancer after its own
  // handlers: those, on the same node, still run; React's root listener, added later, does not.
  /** @param {Event} event */
  const keepFromReact = (event) => {
    const dialog = /** @type {HTMLElement | null} */ (closest(event, 'dialog'));
    if (dialog && !isHydrated(dialog)) event.stopImmediatePropagation();
  };
  return () => {
    for (const type of REACT_DISCRETE_EVENTS) d.addEventListener(type, keepFromReact, true);
  };
}
