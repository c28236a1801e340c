import 'server-only';
import * as z from 'zod/mini';
import { callCrm, crmError, isRecord, snippet, type CrmAnswer } from '../crm/http';
import { getEnv, type Env } from '../env';
import type { PaymentRequest } from './yookassa-request';

/** A payment's statuses; with `capture: true` it goes from `pending` to `succeeded` or `canceled`. */
const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;

/** The parts of YooKassa's payment object this site reads (the rest is left out). */
const PaymentSchema = z.object({
  id: z.string().check(z.regex(/^[\w-]{1,64}$/)),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.boolean(),
  amount: z.object({ value: z.string(), currency: z.string() }),
  created_at: z.optional(z.string()),
  captured_at: z.optional(z.string()),
  metadata: z.optional(z.record(z.string(), z.unknown())),
  confirmation: z.optional(z.object({ type: z.string(), confirmation_url: z.optional(z.string()) })),
  cancellation_details: z.optional(z.object({ party: z.string(), reason: z.string() })),
  test: z.optional(z.boolean()),
});
export type YookassaPayment = z.infer<typeof PaymentSchema>;

/** What is kept of a payment with its row: its state and sums, no card details. */
export const paymentRecord = (payment: YookassaPayment): Record<string, unknown> => ({
  id: payment.id,
  status: payment.status,
  paid: payment.paid,
  amount: payment.amount,
  created_at: payment.created_at,
  captured_at: payment.captured_at,
  metadata: payment.metadata,
  cancellation_details: payment.cancellation_details,
  test: payment.test,
});

/**
 * A call that gave no payment. `unavailable`: no answer, a timeout, 5xx, 429 or 202 (the result is
 * not known: ask again later with the same Idempotence-Key, as YooKassa advises); `refused`: 4xx,
 * the request or the shop's keys are wrong and asking again will not help.
 */
export class YookassaError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
  ) {
    super(message);
    this.name = 'YookassaError';
  }
}

/** How long the customer's click or a notification waits for YooKassa. */
const YOOKASSA_TIMEOUT_MS = 10_000;

interface Shop {
  base: string;
  authorization: string;
  secrets: string[];
}

/** The shop's address and Basic credentials (shop id : secret key), or undefined when card payment is off. */
function shopOf(env: Env): Shop | undefined {
  if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) return undefined;
  const token = Buffer.from(`${env.YOOKASSA_SHOP_ID}:${env.YOOKASSA_SECRET_KEY}`).toString('base64');
  return { base: env.YOOKASSA_API_BASE, authorization: `Basic ${token}`, secrets: [env.YOOKASSA_SECRET_KEY, token] };
}

/** One call; the error names the status, YooKassa's code and parameter, never the keys. */
async function call(shop: Shop, label: string, path: string, init: RequestInit, timeoutMs: number): Promise<CrmAnswer> {
  try {
    return await callCrm(label, `${shop.base}${path}`, { ...init, headers: { ...init.headers, Authorization: shop.authorization } }, timeoutMs, shop.secrets);
  } catch (error) {
    throw new YookassaError(error instanceof Error ? error.message : String(error), 'unavailable');
  }
}

/** The payment of a 200 answer, or the error the answer is. */
function paymentOf(shop: Shop, label: string, answer: CrmAnswer): YookassaPayment {
  if (answer.status === 200) {
    const parsed = PaymentSchema.safeParse(answer.json);
    if (parsed.success) return parsed.data;
    throw new YookassaError(crmError(`${label}: an answer that is not a payment: ${snippet(answer.text)}`, shop.secrets).message, 'unavailable');
  }
  const body = isRecord(answer.json) ? answer.json : {};
  const said = [body.code, body.parameter && `(${String(body.parameter)})`, body.description].filter(Boolean).join(' ') || snippet(answer.text);
  const kind = answer.status >= 500 || answer.status === 429 || answer.status === 202 ? 'unavailable' : 'refused';
  throw new YookassaError(crmError(`${label}: ${answer.status} ${said}`, shop.secrets).message, kind);
}

function shopOrThrow(): Shop {
  const shop = shopOf(getEnv());
  if (!shop) throw new YookassaError('YooKassa is not set up (YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY)', 'refused');
  return shop;
}

/**
 * `POST /v3/payments`. A repeat with the same `idempotenceKey` (within YooKassa's 24 hours) gets
 * the payment the first call made, so a click retried after a lost answer never pays twice.
 */
export async function createPayment(request: PaymentRequest, idempotenceKey: string, timeoutMs = YOOKASSA_TIMEOUT_MS): Promise<YookassaPayment> {
  const shop = shopOrThrow();
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotence-Key': idempotenceKey }, body: JSON.stringify(request) };
  return paymentOf(shop, 'YooKassa create payment', await call(shop, 'YooKassa create payment', '/v3/payments', init, timeoutMs));
}

/** `GET /v3/payments/{id}`: the payment as YooKassa has it now; undefined when it has none by that id (404). */
export async function getPayment(id: string, timeoutMs = YOOKASSA_TIMEOUT_MS): Promise<YookassaPayment | undefined> {
  const shop = shopOrThrow();
  const answer = await call(shop, 'YooKassa get payment', `/v3/payments/${encodeURIComponent(id)}`, { method: 'GET' }, timeoutMs);
  if (answer.status === 404) return undefined;
  return paymentOf(shop, 'YooKassa get payment', answer);
}
