/**
 * The consent to analytics cookies, in the browser (docs/decisions/020), for the enhancer
 * (src/enhancer/enhance.mjs), which calls it only when the build has a Metrica counter; the pages of a
 * build without one do not carry it (src/build/lazy-boot.mjs).
 * - The choice is the `analytics_consent` cookie (`granted`/`denied`, path /, 365 days, SameSite=Lax),
 *   the same as src/site/consent.mjs names: written out here, since importing that module would
 *   bring its inline check and style into the page's inline enhancer too (a unit test keeps both equal).
 * - With `granted` stored, Metrica starts at once (`startMetrica`); before a choice and after
 *   `denied` nothing of Yandex loads and goals are dropped (the returned check).
 * - A press on a notice button (`data-consent-choice`) stores the choice and marks <html>
 *   `data-consent`, which hides the notice (as the inline check in the head does on later pages);
 *   `granted` starts Metrica, `denied` removes Metrica's cookies. The footer's cookie settings
 *   (`data-consent-open`) show the notice again and focus its first button.
 *
 * Pre-rendered pages carry it bundled into their inline enhancer (src/build/lazy-boot.mjs).
 * @param {() => void} startMetrica
 * @param {(event: Event, selector: string) => Element | null} closest
 * @returns {() => boolean} whether Metrica may be used now
 */
export function enhanceConsent(startMetrica, closest) {
  const d = document;
  const html = d.documentElement;
  const granted = () => /(?:^|; )analytics_consent=granted(?:;|$)/.test(d.cookie);
  if (granted()) startMetrica();
  d.addEventListener('click', (event) => {
    const choice = closest(event, '[data-consent-choice]')?.getAttribute('data-consent-choice');
    if (choice === 'granted' || choice === 'denied') {
      d.cookie = `analytics_consent=${choice}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
      html.setAttribute('data-consent', choice);
      if (choice === 'granted') startMetrica();
      else {
        // Metrica's own cookies (_ym_uid, _ym_d, …) go too, on this host and the domains above it.
        for (const part of d.cookie.split(';')) {
          const name = part.split('=')[0]?.trim() ?? '';
          if (!name.startsWith('_ym')) continue;
          d.cookie = `${name}=; path=/; max-age=0`;
          for (let host = location.hostname; host.includes('.'); host = host.slice(host.indexOf('.') + 1)) d.cookie = `${name}=; path=/; max-age=0; domain=${host}`;
        }
      }
    } else if (closest(event, '[data-consent-open]')) {
      html.removeAttribute('data-consent');
      /** @type {HTMLElement | null} */ (d.querySelector('#consent-notice button'))?.focus();
    }
  });
  return granted;
}
