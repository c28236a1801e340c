import { DIALOG_CONTENT, HELD_SENDS, holdSend, holdsSend, releaseSend, stampDialog, stampOptions, afterPaint } from './dialog-protocol.mjs';
import { enhanceDialogs } from './enhance-dialogs.mjs';
import { scriptStarter } from './start-scripts.mjs';
/**
 * The small behaviours of every page that need no framework (docs/decisions/051):
 * - links marked `data-carry="utm"` take over the utm_* parameters of the current URL;
 * - `?ref=<id>` scrolls smoothly to that element after 500 ms;
 * - a click on a language link remembers the choice in the cookie its `data-locale-switch` holds;
 * - an open header menu (`details[data-menu]`) closes on a click elsewhere and on Escape;
 * - with a Metrica counter (`metricaId`), nothing of Yandex loads and no goal is sent until the
 *   visitor allows analytics cookies in the consent notice (src/site/enhance-consent.mjs,
 *   docs/decisions/020); once allowed, the Metrica tag starts at once, on every page;
 * - a link to another page shows a loading bar if the next page takes over 200 ms (it runs over
 *   5000 ms);
 * - a script chunk that fails to load reloads the page, at most once per 60 s and never offline
 *   (`window.__epcChunkFailed`);
 * - the dialogs open, close and switch views without React (src/site/enhance-dialogs.mjs), their
 *   input stays away from React until React has hydrated them (docs/decisions/051), and a send
 *   pressed before React has taken a form over is held and sent once by React (docs/decisions/051);
 * - on pages the edge served without starting Next.js (`boot` given), the first interaction starts
 *   it: the dialogs' content is put back (src/site/dialog-protocol.mjs's stampDialog) and the
 *   scripts kept in <template id="__boot"> are fetched, and run at a pause in the visitor's input
 *   or at once for a held send (src/site/start-scripts.mjs).
 *
 * Pre-rendered pages carry it inline, bundled at build (src/runtime/lazy-boot.mjs); pages Next.js
 * renders run it from React (src/components/layout/enhance-client.tsx). The consent part
 * (`consent`: src/site/enhance-consent.mjs's enhanceConsent) is passed in by the caller, so that
 * the pages of a build without a counter do not carry it; it is called only with a counter, and
 * without it a counter gets no goal.
 * @param {{ boot?: boolean; metricaId?: number }} [options]
 * @param {typeof import('./enhance-consent.mjs').enhanceConsent} [consent]
 */
export function enhance(options = {}, consent) {
  /** @typedef {((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number }} YmQueue */
  const w = /** @type {Window & { __epcEnhanced?: boolean; ym?: YmQueue; __epcChunkFailed?: () => boolean }} */ (window);
  if (w.__epcEnhanced) return;
  w.__epcEnhanced = true;
  const d = document;

  // A token never stays in the address bar, where Metrica, the history and a shared link would see it.
  const current = new URL(location.href);
  if (current.searchParams.has('token')) {
    current.searchParams.delete('token');
    history.replaceState(history.state, '', `${current.pathname}${current.search}${current.hash}`);
  }

  const counter = options.metricaId;
  const startMetrica = () => {
    if (typeof w.ym === 'function') return;
    /** @type {YmQueue} */
    const queue = function () {
      (queue.a = queue.a || []).push(arguments);
    };
    queue.l = Date.now();
    w.ym = queue;
    const tag = d.createElement('script');
    tag.async = true;
    tag.src = 'https://mc.yandex.ru/metrika/tag.js';
    d.head.appendChild(tag);
    queue(counter || 0, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
  };
  const params = new URLSearchParams(location.search);

  // The visit's campaign, for the lead forms (src/components/dialogs/visit-attribution.ts): the
  // landing page's query (its utm_* and other campaign parameters) and the site that referred the
  // visitor, kept in this tab's sessionStorage while the visitor moves between pages. A new arrival
  // (from another site, or by a campaign link) starts it again; a page of the visit without either
  // leaves it.
  try {
    const visitKey = 'epc:visit';
    const referrer = d.referrer ? new URL(d.referrer).origin : '';
    const external = referrer && referrer !== location.origin ? referrer : '';
    const campaign = [...params.keys()].some((key) => key.startsWith('utm_'));
    if (campaign || external || !sessionStorage.getItem(visitKey)) {
      sessionStorage.setItem(visitKey, JSON.stringify({ query: location.search.slice(0, 2000), referrer: external }));
    }
  } catch {
    // No storage: the forms send the page alone.
  }

  for (const link of d.querySelectorAll('a[data-carry]')) {
    const anchor = /** @type {HTMLAnchorElement} */ (link);
    const [beforeHash = '', hash = ''] = (anchor.getAttribute('href') ?? '').split('#');
    const [path = '', query = ''] = beforeHash.split('?');
    const merged = new URLSearchParams(query);
    params.forEach((value, key) => {
      if (key.startsWith('utm_') && !merged.has(key)) merged.append(key, value);
    });
    const search = merged.toString();
    anchor.setAttribute('href', `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`);
  }

  const ref = params.get('ref');
  if (ref) {
    setTimeout(() => d.getElementById(ref)?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 500);
  }

  /** @param {Event} event @param {string} selector */
  const closest = (event, selector) => (event.target instanceof Element ? event.target.closest(selector) : null);

  // With a counter, Metrica waits for the visitor's consent (never comes without the consent part);
  // without one (development, tests) goals go to whatever `window.ym` the page has.
  const noConsent = () => false;
  const allowed = counter && counter > 0 ? (consent?.(startMetrica, closest) ?? noConsent) : () => true;

  // Reload once when a chunk fails to load; not again within 60 s (the page stays usable). Never
  // while the browser knows it is offline: the reload could only bring the browser's offline page
  // in place of this one and of what its forms hold.
  w.__epcChunkFailed = () => {
    const key = 'epc:chunk-reload-at';
    if (!navigator.onLine) return false;
    try {
      if (Date.now() - Number(sessionStorage.getItem(key) || 0) < 60_000) return false;
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      return false;
    }
    location.reload();
    return true;
  };
  addEventListener('error', (event) => isChunkError(event.error) && w.__epcChunkFailed?.());
  addEventListener('unhandledrejection', (event) => isChunkError(event.reason) && w.__epcChunkFailed?.());

  // The loading bar for links to another page.
  /** @type {number | undefined} */
  let barTimer;
  d.addEventListener('click', (event) => {
    const mouse = /** @type {MouseEvent} */ (event);
    const link = /** @type {HTMLAnchorElement | null} */ (closest(event, 'a[href]'));
    if (!link || event.defaultPrevented || mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    if (link.target === '_blank' || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
    clearTimeout(barTimer);
    barTimer = window.setTimeout(() => {
      const bar = d.createElement('div');
      bar.setAttribute('role', 'progressbar');
      bar.setAttribute('aria-hidden', 'true');
      bar.dataset.testid = 'loading-bar';
      bar.className = 'pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]';
      bar.innerHTML = '<div class="loading-bar h-full origin-left bg-accent-500" style="animation-duration:5000ms"></div>';
      d.body.appendChild(bar);
    }, 200);
  });
  addEventListener('pageshow', () => {
    clearTimeout(barTimer);
    d.querySelectorAll('[data-testid="loading-bar"]').forEach((bar) => bar.remove());
  });

  d.addEventListener(
    'click',
    (event) => {
      const cookie = closest(event, 'a[data-locale-switch]')?.getAttribute('data-locale-switch');
      if (cookie) d.cookie = cookie;
    },
    true,
  );

  // An open menu of the header (`details[data-menu]`: the products) closes, as menus do, on a click
  // elsewhere and on Escape, which gives the focus back to its toggle. Without scripts it closes by its toggle.
  d.addEventListener('click', (event) => {
    for (const menu of d.querySelectorAll('details[data-menu][open]')) {
      if (!(event.target instanceof Node && menu.contains(event.target))) menu.removeAttribute('open');
    }
  });
  d.addEventListener('keydown', (event) => {
    const menu = event.key === 'Escape' ? closest(event, 'details[data-menu][open]') : null;
    if (!menu) return;
    menu.removeAttribute('open');
    /** @type {HTMLElement | null} */ (menu.querySelector('summary'))?.focus();
  });

  /**
   * Puts the closed dialogs' content back (docs/decisions/051), one dialog a step, each step run by
   * `schedule`, then calls `done`. The idle stamping after the load and the boot's share it: a
   * dialog one of them (or an opening) has stamped is no longer found.
   * @param {(step: () => void) => unknown} schedule
   * @param {() => void} [done]
   */
  const stampDialogs = (schedule, done) => {
    const dialog = d.querySelector(`dialog > template[${DIALOG_CONTENT}]`)?.parentElement;
    if (!dialog) return done?.();
    stampDialog(dialog);
    schedule(() => stampDialogs(schedule, done));
  };

  // Starts the page's scripts (pages served without them, `boot` given): the scripts kept in
  // <template id="__boot"> are fetched on the first interaction, or at once with [data-boot-eager],
  // and run at a pause in the visitor's input (src/site/start-scripts.mjs, docs/decisions/051).
  // First every dialog's content goes back into the page (stampDialog), one dialog a task, so that
  // React hydrates the markup it rendered and no task of the visitor's is long for it.
  let started = !options.boot;
  // Only where there are scripts to start: it watches the visitor's input from the load on.
  const run = options.boot
    ? scriptStarter(d, (script) => {
        if (script.src) script.onerror = () => w.__epcChunkFailed?.() || ((failed = true), release());
      })
    : undefined;
  /** @param {boolean} [hurry] a send is held, or the page must start: run the scripts at once */
  const boot = (hurry = false) => {
    const template = /** @type {HTMLTemplateElement | null} */ (d.getElementById('__boot'));
    if (!template || !run) return;
    if (started) return hurry && run(template, true);
    started = true;
    stampDialogs(
      (step) => setTimeout(step, 0),
      // The long choices' options too, so that React hydrates what it rendered; after the frame
      // of the interaction that started the scripts, which may be the tap opening their dialog.
      () =>
        afterPaint(() => {
          stampOptions(d);
          run(template, hurry);
        }),
    );
  };
  // The scripts could not be loaded (and the page was reloaded for that within the last minute):
  // a held send says so and gives its button back, in the text the dialog carries.
  let failed = false;
  const release = () => {
    for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (d.querySelectorAll(HELD_SENDS))) {
      releaseSend(form);
      const status = form.querySelector('[role="status"]');
      const text = /** @type {HTMLElement | null} */ (form.closest('[data-network-error]'))?.dataset.networkError;
      if (status && text) {
        status.textContent = text;
        status.className = 'text-sm whitespace-pre-line text-red-700';
      }
    }
  };

  /** @param {string | undefined} goal */
  const reachGoal = (goal) => {
    try {
      // Before consent (or after its withdrawal) a goal is dropped, not queued.
      if (goal && typeof w.ym === 'function' && allowed()) w.ym(counter || 0, 'reachGoal', goal);
    } catch {
      // Analytics must never break the page.
    }
  };
  const keepDialogInputFromReact = enhanceDialogs(reachGoal, closest);

  // A send before React has taken a dialog's form over is held (src/site/dialog-protocol.mjs): the
  // button shows the sending state, the page's scripts start, and React sends it once.
  d.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !holdsSend(form)) return;
      event.preventDefault();
      if (!holdSend(form)) return;
      if (failed) release();
      else boot(true);
    },
    true,
  );

  // A pre-rendered page's closed dialogs hold their content in templates (docs/decisions/051): it
  // enters the page while the browser is idle after the load, one dialog at a time, so that neither
  // the load nor the first tap pays for it (a dialog opened before then is stamped as it opens).
  if (options.boot) {
    const idle = w.requestIdleCallback ?? ((/** @type {() => void} */ callback) => setTimeout(callback, 50));
    if (d.readyState === 'complete') stampDialogs(idle);
    else addEventListener('load', () => stampDialogs(idle), { once: true });
  }

  if (!started) {
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
      requestAnimationFrame(() => setTimeout(boot, 0));
      // A frame can be withheld (a page not yet painted, a busy or throttled renderer): the scripts
      // must still start, a little later (the e2e suite saw a Tab that never started them in 15 s).
      setTimeout(boot, 300);
      for (const type of types) d.removeEventListener(type, interacted, true);
    };
    const types = ['pointerup', 'keydown', 'focusin', 'touchend'];
    for (const type of types) d.addEventListener(type, interacted, { capture: true, passive: true });
    if (d.querySelector('[data-boot-eager]')) boot(true);
  }

  // Last, so that every handler above still runs for input React must not see yet (decision 051).
  keepDialogInputFromReact();
}

/**
 * Whether an error is a script chunk that failed to load (webpack, Turbopack, native imports).
 * @param {unknown} error
 */
export function isChunkError(error) {
  const { name, message } = /** @type {{ name?: unknown; message?: unknown }} */ (error ?? {});
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(String(message ?? ''))
  );
}
