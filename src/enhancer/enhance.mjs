import { dropTokenFromAddress, scrollToRef } from './address.mjs';
import { carryUtm, rememberVisit } from './campaign.mjs';
import { reloadOnChunkError } from './chunk-reload.mjs';
import { enhanceDialogs } from './dialogs.mjs';
import { closest } from './events.mjs';
import { metricaGoals } from './metrica.mjs';
import { closeMenus, rememberLocaleChoice, showLoadingBar } from './navigation.mjs';
import { pageScripts } from './page-scripts.mjs';
import { deferPictures } from './pictures.mjs';

/**
 * The small behaviours of every page that need no framework (docs/decisions/051), one module each,
 * in two parts. The early part (`enhanceEarly`), what must act from the page's first paint:
 * - a token leaves the address bar; `?ref=<id>` scrolls to that element (address.mjs);
 * - the visit's campaign is kept for the lead forms, and links marked `data-carry="utm"` take over
 *   the page's utm_* parameters (campaign.mjs);
 * - Metrica's goals, with a counter only after the visitor's consent (metrica.mjs,
 *   metrica-consent.mjs, docs/decisions/020);
 * - a script chunk that fails to load reloads the page, at most once per 60 s and never offline
 *   (chunk-reload.mjs);
 * - the loading bar for links to another page, the language link's cookie, the header menus'
 *   closing (navigation.mjs);
 * - the product pictures below the first screen load as they near it (pictures.mjs).
 * The late part (`enhanceLate`):
 * - the dialogs open, close and switch views without React (dialogs.mjs), their input stays away
 *   from React until React has hydrated them (docs/decisions/051);
 * - on pages the edge served without starting Next.js (`boot`), the first interaction starts it,
 *   and a send pressed before React is held for it (page-scripts.mjs).
 *
 * Pre-rendered pages carry the early part inline and load the late part after their first paint
 * (src/enhancer/late-loader.mjs, late.mjs; bundled at build by src/build/lazy-boot.mjs,
 * docs/decisions/053); pages Next.js renders run both at once from React (`enhance`,
 * src/components/layout/enhance-client.tsx). The consent part (`consent`: metrica-consent.mjs's
 * enhanceConsent) is passed in by the caller, so that the pages of a build without a counter do not
 * carry it. The order of the calls is the order of the listeners, which some behaviours rely on.
 * @param {{ metricaId?: number }} options
 * @param {typeof import('./metrica-consent.mjs').enhanceConsent} [consent]
 * @returns {((goal: string | undefined) => void) | undefined} the function that reaches a goal; none if the page was enhanced already
 */
export function enhanceEarly(options, consent) {
  if (window.__epcEnhanced) return undefined;
  window.__epcEnhanced = true;
  dropTokenFromAddress();
  const params = new URLSearchParams(location.search);
  rememberVisit(params);
  carryUtm(params);
  scrollToRef(params);
  const reachGoal = metricaGoals(options.metricaId, consent);
  reloadOnChunkError();
  showLoadingBar();
  rememberLocaleChoice();
  closeMenus();
  deferPictures();
  return reachGoal;
}

/**
 * The late part (above): its listeners come after the early part's. `earlier`: the interactions
 * that came before it was loaded, for the start of the page's scripts.
 * @param {boolean} boot
 * @param {(goal: string | undefined) => void} reachGoal
 * @param {Event[]} [earlier]
 */
export function enhanceLate(boot, reachGoal, earlier = []) {
  const scripts = pageScripts(boot);
  const keepDialogInputFromReact = enhanceDialogs(reachGoal, closest);
  scripts.listen(earlier);
  // Last, so that every handler above still runs for input React must not see yet (decision 051).
  keepDialogInputFromReact();
}

/**
 * Both parts at once, for pages Next.js renders.
 * @param {{ metricaId?: number }} [options]
 * @param {typeof import('./metrica-consent.mjs').enhanceConsent} [consent]
 */
export function enhance(options = {}, consent) {
  const reachGoal = enhanceEarly(options, consent);
  if (reachGoal) enhanceLate(false, reachGoal);
}
