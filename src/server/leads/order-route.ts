import 'server-only';
import { OrderInputSchema } from '@/lib/leads/order';
import { ORDER_PAGE_FORM } from '@/lib/leads/order-page-form';
import { guardPost } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { refusalResponse } from '../http/read-post';
import { seeOther } from '../http/see-other';
import { keepOrderDraft } from './order-drafts';
import { orderRedirectTarget } from './order-redirect';
import { storeLead } from './store-lead';
import { unavailablePage } from './unavailable-page';
import { translate } from '../i18n';

/**
 * The order form: an HTML form post without scripts (303 back to its page's form, `#order`, with
 * ?order=sent, or ?order=invalid&draft=<id> naming what was typed and the fields' errors) or JSON
 * from the page's form and the order modal with JavaScript (the API's answers). Cross-origin posts get 403.
 */
export async function orderPost(request: Request) {
  const guarded = await guardPost(request, OrderInputSchema, 'leadIp');
  const wantsJson = !guarded.form || (request.headers.get('accept') ?? '').includes('application/json');
  if (!guarded.ok) {
    if (wantsJson || guarded.refusal.status === 403) return refusalResponse(guarded.locale, guarded.refusal);
    // Back at the form with what was typed and each field's error: kept here under a random id (order-drafts.ts).
    const lang = guarded.body?.lang ?? guarded.locale;
    const page = new URL(orderRedirectTarget(guarded.body?.url, lang), 'http://localhost').pathname;
    const draft = keepOrderDraft(page, guarded.body, guarded.refusal.errorsFld);
    return seeOther(orderRedirectTarget(guarded.body?.url, lang, 'invalid', draft));
  }
  const back = (outcome: 'sent' | 'invalid') => seeOther(orderRedirectTarget(guarded.body.url, guarded.body.lang ?? guarded.locale, outcome));
  // The page's own form posts as HTML without scripts, JSON with them (marked so); the modal posts JSON.
  const pageForm = guarded.form || guarded.body[ORDER_PAGE_FORM.name] === ORDER_PAGE_FORM.value;
  const outcome = await storeLead(request, guarded, { kind: () => 'order', lang: (order) => order.lang, consentForm: pageForm ? 'orderForm' : 'orderDialog' });
  if (outcome === 'unavailable') {
    if (wantsJson) return jsonError(503, guarded.locale, 'unavailable');
    return unavailablePage(guarded.locale, orderRedirectTarget(guarded.body.url, guarded.body.lang ?? guarded.locale));
  }
  return wantsJson ? jsonOk({ success: true }, { successStr: translate(guarded.locale, 'ApiSuccess', 'orderSent') }) : back('sent');
}
