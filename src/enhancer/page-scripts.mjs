import { DIALOG_CONTENT, HELD_SENDS, holdSend, holdsSend, releaseSend, stampDialog, stampOptions, afterPaint } from './dialog-protocol.mjs';
import { closest } from './events.mjs';
import { scriptStarter } from './start-scripts.mjs';

/**
 * Puts the closed dialogs' content back (docs/decisions/051), one dialog a step, each step run by
 * `schedule`, then calls `done`. The idle stamping after the load and the boot's share it: a
 * dialog one of them (or an opening) has stamped is no longer found.
 * @param {(step: () => void) => unknown} schedule
 * @param {() => void} [done]
 */
function stampDialogs(schedule, done) {
  const dialog = document.querySelector(`dialog > template[${DIALOG_CONTENT}]`)?.parentElement;
  if (!dialog) return done?.();
  stampDialog(dialog);
  schedule(() => stampDialogs(schedule, done));
}

/**
 * The start of the page's scripts on a page the edge served without starting Next.js (`boot`):
 * the scripts kept in <template id="__boot"> are fetched on the first interaction, or at once with
 * [data-boot-eager], and run at a pause in the visitor's input (src/enhancer/start-scripts.mjs,
 * docs/decisions/051). First every dialog's content goes back into the page (stampDialog), one
 * dialog a task, so that React hydrates the markup it rendered and no task of the visitor's is
 * long for it. A send pressed before React has taken a dialog's form over is held
 * (src/enhancer/dialog-protocol.mjs): the button shows the sending state, the scripts start at
 * once, and React sends it once (docs/decisions/051).
 *
 * In two steps, so that the enhancer keeps its order of listeners: the input watcher starts when
 * this is called; `listen()`, called after the dialogs' handlers, adds the held sends, the idle
 * stamping and the start on the first interaction.
 * @param {boolean} [boot]
 */
export function pageScripts(boot = false) {
  let started = !boot;
  let failed = false;
  // The scripts could not be loaded (and the page was reloaded for that within the last minute):
  // a held send says so and gives its button back, in the text the dialog carries.
  const release = () => {
    for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll(HELD_SENDS))) {
      releaseSend(form);
      const status = form.querySelector('[role="status"]');
      const text = /** @type {HTMLElement | null} */ (form.closest('[data-network-error]'))?.dataset.networkError;
      if (status && text) {
        status.textContent = text;
        status.className = 'text-sm whitespace-pre-line text-red-700';
      }
    }
  };
  // Only where there are scripts to start: it watches the visitor's input from the load on.
  const run = boot
    ? scriptStarter(document, (script) => {
        if (script.src) script.onerror = () => window.__epcChunkFailed?.() || ((failed = true), release());
      })
    : undefined;
  /** @param {boolean} [hurry] a send is held, or the page must start: run the scripts at once */
  const start = (hurry = false) => {
    const template = /** @type {HTMLTemplateElement | null} */ (document.getElementById('__boot'));
    if (!template || !run) return;
    if (started) return hurry && run(template, true);
    started = true;
    stampDialogs(
      (step) => setTimeout(step, 0),
      // The long choices' options too, so that React hydrates what it rendered; after the frame
      // of the interaction that started the scripts, which may be the tap opening their dialog.
      () =>
        afterPaint(() => {
          stampOptions(document);
          run(template, hurry);
        }),
    );
  };

  const listen = () => {
    document.addEventListener(
      'submit',
      (event) => {
        const form = event.target;
        if (!(form instanceof HTMLFormElement) || !holdsSend(form)) return;
        event.preventDefault();
        if (!holdSend(form)) return;
        if (failed) release();
        else start(true);
      },
      true,
    );

    // A pre-rendered page's closed dialogs hold their content in templates (docs/decisions/051): it
    // enters the page while the browser is idle after the load, one dialog at a time, so that neither
    // the load nor the first tap pays for it (a dialog opened before then is stamped as it opens).
    if (boot) {
      const idle = window.requestIdleCallback ?? ((/** @type {() => void} */ callback) => setTimeout(callback, 50));
      if (document.readyState === 'complete') stampDialogs(idle);
      else addEventListener('load', () => stampDialogs(idle), { once: true });
    }

    if (started) return;
    // Any interaction but one with a link to another page (that page loads instead: starting the
    // scripts here would only slow it down).
    /** @param {Event} event */
    const interacted = (event) => {
      const link = /** @type {HTMLAnchorElement | null} */ (closest(event, 'a[href]:not([data-dialog])'));
      if (link && (link.pathname !== location.pathname || link.search !== location.search)) return;
      // After the frame this interaction paints (a dialog opening, say): starting the scripts runs
      // the page's inline payload at once, which would otherwise delay that frame. A press counts
      // when it is released, so that a finger held on a trigger does not start them before the
      // dialog it opens on release (docs/decisions/051).
      requestAnimationFrame(() => setTimeout(start, 0));
      // A frame can be withheld (a page not yet painted, a busy or throttled renderer): the scripts
      // must still start, a little later (the e2e suite saw a Tab that never started them in 15 s).
      setTimeout(start, 300);
      for (const type of types) document.removeEventListener(type, interacted, true);
    };
    const types = ['pointerup', 'keydown', 'focusin', 'touchend'];
    for (const type of types) document.addEventListener(type, interacted, { capture: true, passive: true });
    if (document.querySelector('[data-boot-eager]')) start(true);
  };
  return { listen };
}
