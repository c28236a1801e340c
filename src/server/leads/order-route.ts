import 'server-only';
import { OrderInputSchema } from '@/lib/leads/order';
import { guardPost } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { refusalResponse } from '../http/read-post';
import { seeOther } from '../http/see-other';
import { orderRedirectTarget } from './order-redirect';
import { storeLead } from './store-lead';
import { unavailablePage } from './unavailable-page';
import { translate } from '../i18n';

/**
 * The order modal: an HTML form post (303 back to its page with ?order=sent|invalid) or JSON
 * from the modal with JavaScript (the API's answers). Cross-origin posts get 403.
 */
export async function orderPost(request: Request) {
  const guarded = await guardPost(request, OrderInputSchema, 'leadIp');
  const wantsJson = !guarded.form || (request.headers.get('accept') ?? '').includes('application/json');
  if (!guarded.ok) {
    if (wantsJson || guarded.refusal.status === 403) return refusalResponse(guarded.locale, guarded.refusal);
    return seeOther(orderRedirectTarget(guarded.body?.url, guarded.body?.lang ?? guarded.locale, 'invalid'));
  }
  const back = (outcome: 'sent' | 'invalid') => seeOther(orderRedirectTarget(guarded.body.url, guarded.body.lang ?? guarded.locale, outcome));
  // The page's own form posts as HTML; the modal posts JSON.
  const outcome = await storeLead(request, guarded, { kind: () => 'order', lang: (order) => order.lang, consentForm: guarded.form ? 'orderForm' : 'orderDialog' });
  if (outcome === 'unavailable') {
    if (wantsJson) return jsonError(503, guarded.locale, 'unavailable');
    return unavailablePage(guarded.locale, orderRedirectTarget(guarded.body.url, guarded.body.lang ?? guarded.locale));
  }
  return wantsJson ? jsonOk({ success: true }, { successStr: translate(guarded.locale, 'ApiSuccess', 'orderSent') }) : back('sent');
}
