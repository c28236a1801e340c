import { enhanceLate } from './enhance.mjs';
import { closest } from './events.mjs';
import { INTERACTIONS } from './late-loader.mjs';

/**
 * The enhancer's late part on a pre-rendered page (src/enhancer/late-loader.mjs loads it): its
 * listeners, then what came before it was loaded, in order: the interactions start the page's
 * scripts, a kept click of a dialog's trigger or of a view's switch and a kept send are done again.
 */
const early = window.__epcEarly;
if (early && !early.ran) {
  early.ran = true;
  const held = early.held.splice(0);
  enhanceLate(
    true,
    early.reachGoal,
    held.filter((event) => /** @type {readonly string[]} */ (INTERACTIONS).includes(event.type)),
  );
  for (const event of held) {
    const target = event.target;
    if (event.type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit(/** @type {SubmitEvent} */ (event).submitter);
    // The trigger or the view's switch itself: the click may have landed on an icon inside it,
    // which has no click().
    else if (event.type === 'click') /** @type {HTMLElement | null} */ (closest(event, '[data-dialog], [data-auth-view]'))?.click();
  }
}
