import 'server-only';
import { requestAddress } from '../geo';
import { addressKey } from '../http/address-key';
import { jsonError, jsonOk } from '../http/json-response';
import { consume } from '../http/rate-limit';
import { readPost, refusalResponse } from '../http/read-post';
import { safely } from '../http/safely';
import { getEnv } from '../env';
import { translate } from '../i18n';
import { apiInvoice } from './invoice-view';
import { invoiceOfUser } from './invoices';
import { issueInvoice } from './issue';
import { orderOfLines } from './repeat';
import { customerOf } from './routes';
import { purchaseTerms } from './seller';

/**
 * `POST /api/invoices/{id}/repeat` (the renewal reminder's link leads here): a new invoice for the
 * same company and lines at today's prices, answered as `POST /api/invoices` answers. Only the
 * account's own invoice: any other id is 404. A line the price book no longer sells: 409.
 */
export async function repeatInvoice(request: Request, id: string) {
  const start = await readPost(request, { body: false });
  if (!start.ok) return refusalResponse(start.locale, start.refusal);
  const { locale } = start;
  const address = requestAddress(request.headers);
  const limit = await consume('billingIp', addressKey(address));
  if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    const earlier = await invoiceOfUser(customer.user.id, id);
    if (!earlier) return jsonError(404, locale, 'notFound');
    if (!purchaseTerms(getEnv()).enabled) return jsonError(503, locale, 'purchaseOff');
    const issued = await issueInvoice({ user: customer.user, buyer: earlier.buyer, items: orderOfLines(earlier.lines), lang: locale, clientAddress: address, source: 'repeat' });
    if (!issued.ok && issued.reason === 'off') return jsonError(503, locale, 'purchaseOff');
    if (!issued.ok) return jsonError(409, locale, 'invoiceRepeatUnavailable');
    return jsonOk({ invoice: apiInvoice(issued.invoice, locale) }, { successStr: translate(locale, 'ApiSuccess', 'invoiceIssued') });
  });
}
