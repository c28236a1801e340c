import { DIALOG_CONTENT, HELD_SENDS, holdSend, holdsSend, releaseSend, stampDialog, stampOptions, afterPaint } from './dialog-protocol.mjs';
import { closest } from './events.mjs';
import { whenIdle } from './idle.mjs';
import { INTERACTIONS, RETRY_MS } from './late-loader.mjs';
import { fetchRest, fillFromRest, REST } from './page-rest.mjs';
import { restoreStatusLines, showNetworkError } from './send-status.mjs';
import { scriptStarter } from './start-scripts.mjs';

/**
 * Puts the closed dialogs' content in place (docs/decisions/051), one dialog a step, each step run
 * by `schedule`, then calls `done`; the page's remainder must have come (src/enhancer/page-rest.mjs).
 * The idle stamping after the load and the boot's share it: a dialog one of them (or an opening)
 * has stamped is no longer found.
 * @param {(step: () => void) => unknown} schedule
 * @param {() => void} [done]
 */
function stampDialogs(schedule, done) {
  const dialog = document.querySelector(`dialog > template[${DIALOG_CONTENT}]`)?.parentElement;
  if (!dialog || !stampDialog(dialog)) return done?.();
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
  let failed = false;
  // The scripts could not be loaded (and the page was reloaded for that within the last minute),
  // or the page's remainder could not be fetched: a held send says so and gives its button back
  // (src/enhancer/send-status.mjs).
  const release = () => {
    for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll(HELD_SENDS))) {
      releaseSend(form);
      showNetworkError(form);
    }
  };
  // Only where there are scripts to start: it watches the visitor's input from the load on.
  const run = boot
    ? scriptStarter(document, (script) => {
        if (script.src) script.onerror = () => window.__epcChunkFailed?.() || ((failed = true), release());
      })
    : undefined;
  /** Where the start is: the remainder being fetched, or the scripts given to `run`. @type {'idle' | 'fetching' | 'started'} */
  let state = 'idle';
  let hurried = false;
  let failedAt = -Infinity;
  /** @param {boolean} [hurry] a send is held, or the page must start: run the scripts at once */
  const start = (hurry = false) => {
    hurried ||= hurry;
    const template = /** @type {HTMLTemplateElement | null} */ (document.getElementById('__boot'));
    if (!template || !run || state === 'fetching') return;
    if (state === 'started') return hurry && run(template, true);
    state = 'fetching';
    // The scripts and the dialogs' content are in the page's remainder (docs/decisions/053).
    void fetchRest().then((here) => {
      if (!here || !fillFromRest(template, (rest) => rest.boot, REST)) {
        // Not loaded (offline): a held send gets its button back; the next send tries again, and
        // so does an interaction a few seconds on.
        state = 'idle';
        hurried = false;
        failedAt = performance.now();
        release();
        return;
      }
      state = 'started';
      stampDialogs(
        (step) => setTimeout(step, 0),
        // The long choices' options too, so that React hydrates what it rendered; after the frame
        // of the interaction that started the scripts, which may be the tap opening their dialog.
        () =>
          afterPaint(() => {
            stampOptions(document);
            restoreStatusLines();
            run(template, hurried);
          }),
      );
    });
  };

  /** @param {Event[]} [earlier] interactions that came before the late part was loaded (src/enhancer/late-loader.mjs) */
  const listen = (earlier = []) => {
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

    if (!boot) return;
    // A pre-rendered page's remainder (docs/decisions/053) is fetched as this part is loaded, after
    // the page's first paint (src/enhancer/late-loader.mjs), and the closed dialogs' content in it
    // enters the page while the browser is idle, one dialog at a time, so that neither the load nor
    // the first tap pays for it (a dialog opened before then is stamped as it opens).
    whenIdle(() => void fetchRest().then((here) => here && stampDialogs(whenIdle)));

    // Any interaction but one with a link to another page (that page loads instead: starting the
    // scripts here would only slow it down). Watched until the scripts have started: a remainder
    // that could not be fetched is tried again at the next one.
    /** @param {Event} event */
    const interacted = (event) => {
      if (state === 'started') {
        for (const type of types) document.removeEventListener(type, interacted, true);
        return;
      }
      if (state === 'fetching' || performance.now() - failedAt < RETRY_MS) return;
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
    };
    const types = INTERACTIONS;
    for (const type of types) document.addEventListener(type, interacted, { capture: true, passive: true });
    for (const event of earlier) interacted(event);
    if (document.querySelector('[data-boot-eager]')) start(true);
  };
  return { listen };
}
