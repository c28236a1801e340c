import 'server-only';
import * as z from 'zod/mini';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '../env';
import { requestAddress } from '../geo';
import { addressKey } from '../http/address-key';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { consume } from '../http/rate-limit';
import { bodyRefusalStatus, readBody } from '../http/read-body';
import { readPost, refusalResponse } from '../http/read-post';
import { siteOrigin } from '../http/request-origin';
import { safely } from '../http/safely';
import { getLogger } from '../logger';
import { applyYookassaPayment } from './card-notice';
import { startCardPayment } from './card-payment';
import { customerOf } from './routes';
import { purchaseTerms } from './seller';
import { getPayment, YookassaError } from './yookassa';

const REFUSALS = {
  notFound: [404, 'notFound'],
  notPayable: [409, 'invoiceNotPayable'],
  underWay: [409, 'cardPaymentUnderWay'],
  unavailable: [503, 'cardPaymentUnavailable'],
} as const;

/**
 * `POST /api/invoices/{id}/pay` (Bearer; a body, if any, is not read): starts paying one of the
 * account's issued invoices by card and answers `{ result: { confirmation_url } }`, YooKassa's
 * page to send the customer to. Another's invoice is 404, a paid or cancelled one 409, card
 * payment off (no YooKassa settings) or YooKassa not answering 503.
 */
export async function payInvoice(request: Request, invoiceId: string) {
  const start = await readPost(request, { body: false });
  if (!start.ok) return refusalResponse(start.locale, start.refusal);
  const { locale } = start;
  const limit = await consume('billingIp', addressKey(requestAddress(request.headers)));
  if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    if (!purchaseTerms(getEnv()).card) return jsonError(503, locale, 'cardPaymentOff');
    const origin = siteOrigin(request.headers, request.url);
    if (!origin) return jsonError(400, locale, 'invalidInput');
    const returnUrl = `${origin}${localizedPath(locale, `auth/account/invoices/${encodeURIComponent(invoiceId)}`)}?paid=card`;
    const started = await startCardPayment({ user: customer.user, invoiceId, locale, returnUrl });
    if (started.ok) return jsonOk({ confirmation_url: started.confirmationUrl });
    const [status, key] = REFUSALS[started.reason];
    return jsonError(status, locale, key);
  });
}

/** What is read of a notification: YooKassa's `{ type: 'notification', event, object: { id } }`. */
const NoticeSchema = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({ id: z.string().check(z.regex(/^[\w-]{1,64}$/)) }),
});

/**
 * `POST /api/payments/yookassa`: YooKassa's notification. Its body is never trusted: only the
 * payment's id is read and the payment is fetched back from YooKassa (a forged notification
 * names a payment YooKassa has not, or one in another state); card-notice.ts decides from that.
 * 200 whenever the notification was understood, whatever it changed (YooKassa retries anything
 * else for a day); 400 for a body that is not one; 503 only when YooKassa could not be asked,
 * so that it sends the notification again. The sender's address is not checked: the fetch-back
 * is the check, and behind a proxy the address is only as good as TRUST_PROXY.
 */
export async function yookassaNotice(request: Request) {
  const locale = requestLocale(request);
  const read = await readBody(request);
  if (!read.ok) return refusalResponse(locale, { status: bodyRefusalStatus(read.reason), key: read.reason });
  const notice = NoticeSchema.safeParse(read.body);
  if (!notice.success) return jsonError(400, locale, 'invalidInput');
  const { event, object } = notice.data;
  // Refunds and the like: understood, nothing of this site's to change.
  if (!event.startsWith('payment.')) return jsonOk({ accepted: true });
  return safely(locale, async () => {
    const log = getLogger();
    if (!purchaseTerms(getEnv()).card) {
      log.warn({ paymentId: object.id }, 'YooKassa notification while card payment is off: refused so that it is sent again');
      return jsonError(503, locale, 'cardPaymentOff');
    }
    let payment;
    try {
      payment = await getPayment(object.id);
    } catch (error) {
      if (!(error instanceof YookassaError)) throw error;
      log.warn({ paymentId: object.id, err: error.message }, 'YooKassa notification: the payment could not be fetched back');
      return jsonError(503, locale, 'cardPaymentUnavailable');
    }
    if (!payment) {
      log.warn({ paymentId: object.id, event }, 'YooKassa notification of a payment YooKassa does not have: ignored');
      return jsonOk({ accepted: true });
    }
    const outcome = await applyYookassaPayment(payment);
    log.info({ paymentId: payment.id, event, status: payment.status, outcome }, 'YooKassa notification');
    return jsonOk({ accepted: true });
  });
}
