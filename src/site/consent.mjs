/*
 * The visitor's consent to analytics cookies (docs/decisions/020): one home for the cookie's name
 * and lifetime and for the inline check that hides the notice before it is painted. Read by the
 * notice (src/components/analytics/consent-notice.tsx), the app's analytics (src/lib/analytics.ts),
 * the edge (the check's CSP hash) and, written out by hand to keep the inline enhancer small, the
 * enhancer (src/enhancer/metrica-consent.mjs).
 */

/** Name and lifetime (seconds: 365 days) of the first-party cookie holding the choice. */
export const CONSENT_COOKIE = 'analytics_consent';
export const CONSENT_MAX_AGE = 31_536_000;

/** @typedef {'granted' | 'denied'} Consent */

/**
 * The stored choice in a `document.cookie` string; undefined when the visitor has not chosen.
 * @param {string | null | undefined} cookie
 * @returns {Consent | undefined}
 */
export function consentOf(cookie) {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`).exec(cookie ?? '');
  return match ? /** @type {Consent} */ (match[1]) : undefined;
}

/**
 * The inline script placed right before the notice: with a stored choice it marks <html>
 * `data-consent`, which hides the notice (`CONSENT_STYLE`) before the parser has even reached it,
 * so it is never painted. Its CSP hash is listed by every page's policy (prepare-pages hashes the
 * pre-rendered pages' inline scripts; the edge adds it to per-request pages' nonce policy).
 */
export const CONSENT_CHECK = `(m=>m&&document.documentElement.setAttribute('data-consent',m[1]))(/(?:^|; )${CONSENT_COOKIE}=(granted|denied)(?:;|$)/.exec(document.cookie))`;

/**
 * The notice's own rules, in the page only with the notice: hidden once a choice is stored (or just
 * made); unseen until its last element (the policy link) is parsed, so that a paint in the middle
 * of its markup cannot show it half-made and then grow it upwards (a layout shift of 0.009 at
 * 360 px on a loaded machine); its text a size larger from the `sm` breakpoint (40rem) up.
 * While it shows, the footer ends in room as tall as the notice and its 1rem gap, so that scrolled
 * to the end the footer's links are above it, not under it: measured at 700 px tall, the notice is
 * 108–220 px below 40rem (220 in Russian at 320 px) and 116 px from 40rem up; hence 15rem and 9rem.
 * The room is there from the first paint (this rule is in the head) and goes with the notice, at
 * the end of the page, after the visitor's own press: no layout shift counts.
 */
export const CONSENT_STYLE =
  'html[data-consent] #consent-notice{display:none}#consent-notice:not(:has(a)){visibility:hidden}html:not([data-consent]) footer{padding-bottom:15rem}@media(min-width:40rem){#consent-notice>div{font-size:.875rem;line-height:1.25rem}html:not([data-consent]) footer{padding-bottom:9rem}}';
