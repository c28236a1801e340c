// @ts-check
/**
 * The small behaviours of every page that need no framework (docs/decisions/005):
 * - links marked `data-carry` take over query parameters of the current URL (`utm` → utm_*,
 *   `all-but-ref` → all but ref);
 * - `?ref=<id>` scrolls smoothly to that element after 500 ms;
 * - a click on a language link (`data-locale-switch`) remembers the choice in the cookie;
 * - with a Metrica counter (`metricaId`), the Yandex Metrica tag starts at once, on every page;
 * - a link to another page shows a loading bar if the next page takes over 200 ms (it runs over
 *   5000 ms);
 * - a script chunk that fails to load reloads the page, at most once per 60 s
 *   (`window.__epcChunkFailed`, also called by the app's lazy imports);
 * - on pages the edge served without starting Next.js (`boot` given), the first interaction starts
 *   it: the scripts kept in <template id="__boot"> are run, and a click on a dialog trigger
 *   (`data-dialog`) is remembered so the dialog opens once React is up.
 *
 * This function is inlined into pages with isChunkError beside it (src/edge/lazy-boot.mjs): it must
 * not use anything else from outside its own body.
 * @param {{ boot?: boolean; metricaId?: number }} [options]
 */
export function enhance(options = {}) {
  /** @typedef {((id: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number }} YmQueue */
  const w = /** @type {Window & { __epcEnhanced?: boolean; __epcBooted?: boolean; __epcPendingDialog?: string; ym?: YmQueue; __epcChunkFailed?: () => boolean }} */ (window);
  if (w.__epcEnhanced) return;
  w.__epcEnhanced = true;
  const d = document;

  const counter = options.metricaId;
  if (counter && counter > 0 && typeof w.ym !== 'function') {
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
    queue(counter, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false });
  }
  const params = new URLSearchParams(location.search);

  for (const link of d.querySelectorAll('a[data-carry]')) {
    const anchor = /** @type {HTMLAnchorElement} */ (link);
    const utmOnly = anchor.dataset.carry === 'utm';
    const [beforeHash = '', hash = ''] = (anchor.getAttribute('href') ?? '').split('#');
    const [path = '', query = ''] = beforeHash.split('?');
    const merged = new URLSearchParams(query);
    params.forEach((value, key) => {
      const wanted = utmOnly ? key.startsWith('utm_') : key !== 'ref';
      if (wanted && !merged.has(key)) merged.append(key, value);
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

  // Reload once when a chunk fails to load; not again within 60 s (the page stays usable).
  w.__epcChunkFailed = () => {
    const key = 'epc:chunk-reload-at';
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
      const link = closest(event, 'a[data-locale-switch]');
      const locale = link?.getAttribute('hreflang');
      if (locale) d.cookie = `i18n_redirected=${locale}; max-age=31536000; path=/; samesite=lax`;
    },
    true,
  );

  if (!options.boot) return;
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    const template = /** @type {HTMLTemplateElement | null} */ (d.getElementById('__boot'));
    if (!template) return;
    for (const kept of template.content.querySelectorAll('script')) {
      const script = d.createElement('script');
      for (const attribute of kept.attributes) script.setAttribute(attribute.name, attribute.value);
      script.async = kept.hasAttribute('async');
      script.text = kept.text;
      if (script.src) script.onerror = () => w.__epcChunkFailed?.();
      d.body.appendChild(script);
    }
  };
  d.addEventListener(
    'click',
    (event) => {
      const trigger = /** @type {HTMLElement | null} */ (closest(event, '[data-dialog]'));
      if (!trigger || w.__epcBooted) return;
      const mouse = /** @type {MouseEvent} */ (event);
      if (mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.button !== 0) return;
      event.preventDefault();
      w.__epcPendingDialog = trigger.dataset.dialog;
      trigger.setAttribute('aria-busy', 'true');
      boot();
    },
    true,
  );
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart']) {
    d.addEventListener(type, boot, { capture: true, passive: true, once: true });
  }
  if (d.querySelector('[data-boot-eager]')) boot();
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
