import { closest } from './events.mjs';

/**
 * A link to another page shows a loading bar if the next page takes over 200 ms (the bar runs over
 * 5000 ms); coming back to this page (the back button) removes it.
 */
export function showLoadingBar() {
  /** @type {number | undefined} */
  let barTimer;
  document.addEventListener('click', (event) => {
    const mouse = /** @type {MouseEvent} */ (event);
    const link = /** @type {HTMLAnchorElement | null} */ (closest(event, 'a[href]'));
    if (!link || event.defaultPrevented || mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
    if (link.target === '_blank' || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
    clearTimeout(barTimer);
    barTimer = window.setTimeout(() => {
      const bar = document.createElement('div');
      bar.setAttribute('role', 'progressbar');
      bar.setAttribute('aria-hidden', 'true');
      bar.dataset.testid = 'loading-bar';
      bar.className = 'pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]';
      bar.innerHTML = '<div class="loading-bar h-full origin-left bg-accent-500" style="animation-duration:5000ms"></div>';
      document.body.appendChild(bar);
    }, 200);
  });
  addEventListener('pageshow', () => {
    clearTimeout(barTimer);
    document.querySelectorAll('[data-testid="loading-bar"]').forEach((bar) => bar.remove());
  });
}

/** A click on a language link remembers the choice in the cookie its `data-locale-switch` holds. */
export function rememberLocaleChoice() {
  document.addEventListener(
    'click',
    (event) => {
      const cookie = closest(event, 'a[data-locale-switch]')?.getAttribute('data-locale-switch');
      if (cookie) document.cookie = cookie;
    },
    true,
  );
}

/**
 * An open menu of the header (`details[data-menu]`: the products) closes, as menus do, on a click
 * elsewhere and on Escape, which gives the focus back to its toggle. Without scripts it closes by
 * its toggle.
 */
export function closeMenus() {
  document.addEventListener('click', (event) => {
    for (const menu of document.querySelectorAll('details[data-menu][open]')) {
      if (!(event.target instanceof Node && menu.contains(event.target))) menu.removeAttribute('open');
    }
  });
  document.addEventListener('keydown', (event) => {
    const menu = event.key === 'Escape' ? closest(event, 'details[data-menu][open]') : null;
    if (!menu) return;
    menu.removeAttribute('open');
    /** @type {HTMLElement | null} */ (menu.querySelector('summary'))?.focus();
  });
}
