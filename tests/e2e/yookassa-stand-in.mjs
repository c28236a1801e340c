// A stand-in for YooKassa's payments API v3, built from its documentation
// (yookassa.ru/developers: «Формат взаимодействия с API», «Входящие уведомления», the 54-FZ
// parameter values), for the tests. Loopback only. What it does as YooKassa does:
//   POST /v3/payments     Basic auth (shop id : secret key, else 401 invalid_credentials); an
//                         `Idempotence-Key` (up to 64 characters, else 400) whose repeat answers the
//                         payment the first request made; the amount ("47400.00", RUB), a redirect
//                         confirmation with its return_url, description (≤128), metadata (≤16 keys)
//                         and the 54-FZ receipt (customer's e-mail or phone; items with description,
//                         quantity, amount, vat_code 1–12, payment_mode, payment_subject, summing to
//                         the amount) checked: 400 invalid_request naming the `parameter`. A payment is
//                         made `pending` with `confirmation.confirmation_url` = /checkout/<id> here.
//   GET /v3/payments/<id> the payment as it is now; 404 not_found for an unknown id.
//   Errors: { type: 'error', id, code, description, parameter? }.
// How to drive it:
//   - As a process (Playwright starts it): `node tests/e2e/yookassa-stand-in.mjs <port>`; the
//     shop from YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY (else `100500` and `test_stand_in_key`);
//     notifications go to YOOKASSA_NOTIFICATION_URL or to what `POST /__config` names.
//   - In Vitest: `startYookassaStandIn({ shopId, secretKey, notify? })` → { url, payments,
//     requests, notifications, setMode, setNotificationUrl, close }; `notify(notification)`, when
//     given, receives the notifications instead of an HTTP post (e.g. a route handler in-process).
//   - To pay: open the payment's confirmation_url (a page with the buttons «Оплатить» and
//     «Отменить»), or POST /checkout/<id>/pay (or /cancel) as its form does. The payment becomes
//     `succeeded` (paid, captured_at) or `canceled` (expired_on_confirmation), its notification
//     `{ type: 'notification', event: 'payment.succeeded', object: <payment> }` is posted (and
//     answered) before the browser is sent (303) to the payment's return_url.
//   - POST /__config `{ "mode": "ok" | "slow" | "down" | "rate-limit", "delayMs", "notificationUrl" }`:
//     `slow` holds each API answer delayMs (default 15 s), `down` answers 500
//     internal_server_error, `rate-limit` 429 too_many_requests (the checkout page still works).
//   - Looking: GET /__payments, /__requests (each API call: auth, Idempotence-Key, body),
//     /__notifications (each sent, with the answer's status); POST /__notify/<id> sends the
//     notification of a payment's current state again (a repeated notification).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const MODES = ['ok', 'slow', 'down', 'rate-limit'];
const PAYMENT_MODES = ['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment'];
const PAYMENT_SUBJECTS = [
  'commodity', 'excise', 'job', 'service', 'gambling_bet', 'gambling_prize', 'lottery', 'lottery_prize', 'intellectual_activity',
  'payment', 'agent_commission', 'property_right', 'non_operating_gain', 'insurance_premium', 'sales_tax', 'resort_fee', 'composite', 'another',
];

/**
 * @typedef {{ value: string; currency: string }} Amount
 * @typedef {{ id: string; status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'; paid: boolean; amount: Amount;
 *   income_amount?: Amount; description?: string; recipient: { account_id: string; gateway_id: string }; created_at: string;
 *   captured_at?: string; confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
 *   payment_method?: Record<string, unknown>; cancellation_details?: { party: string; reason: string };
 *   metadata: Record<string, string>; receipt_registration?: string; refundable: boolean; test: boolean }} Payment
 * @typedef {{ method: string; path: string; authorized: boolean; shopId?: string; idempotenceKey?: string; body?: unknown; at: string }} SeenRequest
 * @typedef {{ event: string; paymentId: string; status?: number; error?: string; at: string }} SentNotification
 * @typedef {{ type: 'notification'; event: string; object: Payment }} Notification
 * @typedef {{ port?: number; shopId: string; secretKey: string; notificationUrl?: string;
 *   notify?: (notification: Notification) => Promise<{ status: number }> }} StandInOptions
 */

class Refusal extends Error {
  /** @param {number} status @param {string} code @param {string} description @param {string} [parameter] */
  constructor(status, code, description, parameter) {
    super(description);
    this.status = status;
    this.body = { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) };
  }
}
const invalid = (/** @type {string} */ parameter, /** @type {string} */ description) => new Refusal(400, 'invalid_request', description, parameter);

const isRecord = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A YooKassa-like id: 36 characters, `2419a771-000f-5000-9000-1edaf29243f2`. */
const paymentId = () => `${randomBytes(4).toString('hex')}-000f-5000-9000-${randomBytes(6).toString('hex')}`;
const escapeHtml = (/** @type {string} */ text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An amount object's value in kopecks (RUB only), or a 400 naming `parameter`. */
function kopecksOf(/** @type {unknown} */ amount, /** @type {string} */ parameter) {
  if (!isRecord(amount)) throw invalid(parameter, 'Amount is required');
  const { value, currency } = /** @type {Record<string, unknown>} */ (amount);
  const match = typeof value === 'string' ? /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) throw invalid(`${parameter}.value`, 'Amount value must be a string like "100.00"');
  if (currency !== 'RUB') throw invalid(`${parameter}.currency`, 'Currency is not supported by the shop');
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The 54-FZ receipt: the customer's contact and lines whose sum is the payment's amount. */
function checkReceipt(/** @type {unknown} */ receipt, /** @type {number} */ totalKopecks) {
  if (!isRecord(receipt)) throw invalid('receipt', 'Receipt is required: the shop sends receipts (54-FZ)');
  const { customer, items } = /** @type {Record<string, any>} */ (receipt);
  if (!isRecord(customer) || (typeof customer.email !== 'string' && typeof customer.phone !== 'string')) throw invalid('receipt.customer', 'Customer email or phone is required');
  if (typeof customer.email === 'string' && !/^[^\s@]+@[^\s@]+$/.test(customer.email)) throw invalid('receipt.customer.email', 'Invalid email');
  if (customer.inn !== undefined && !/^(\d{10}|\d{12})$/.test(String(customer.inn))) throw invalid('receipt.customer.inn', 'INN must have 10 or 12 digits');
  if (customer.full_name !== undefined && (typeof customer.full_name !== 'string' || customer.full_name.length > 256)) throw invalid('receipt.customer.full_name', 'Full name is up to 256 characters');
  if (!Array.isArray(items) || items.length === 0 || items.length > 100) throw invalid('receipt.items', 'Receipt must have from 1 to 100 items');
  let sum = 0;
  items.forEach((item, index) => {
    const at = `receipt.items[${index}]`;
    if (!isRecord(item)) throw invalid(at, 'Item must be an object');
    if (typeof item.description !== 'string' || !item.description || item.description.length > 128) throw invalid(`${at}.description`, 'Description is from 1 to 128 characters');
    const quantity = Number(item.quantity);
    if (!(typeof item.quantity === 'string' || typeof item.quantity === 'number') || !Number.isFinite(quantity) || quantity <= 0) throw invalid(`${at}.quantity`, 'Quantity must be a positive number');
    const price = kopecksOf(item.amount, `${at}.amount`);
    if (!Number.isInteger(item.vat_code) || item.vat_code < 1 || item.vat_code > 12) throw invalid(`${at}.vat_code`, 'vat_code must be from 1 to 12');
    if (item.payment_mode !== undefined && !PAYMENT_MODES.includes(item.payment_mode)) throw invalid(`${at}.payment_mode`, 'Unknown payment_mode');
    if (item.payment_subject !== undefined && !PAYMENT_SUBJECTS.includes(item.payment_subject)) throw invalid(`${at}.payment_subject`, 'Unknown payment_subject');
    sum += Math.round(price * quantity);
  });
  if (sum !== totalKopecks) throw invalid('receipt.items', 'Sum of the receipt items must be equal to the payment amount');
}

/** A create-payment body as YooKassa checks it; the parts a payment keeps. */
function checkPaymentRequest(/** @type {unknown} */ body) {
  if (!isRecord(body)) throw invalid('body', 'Request body must be a JSON object');
  const request = /** @type {Record<string, any>} */ (body);
  const total = kopecksOf(request.amount, 'amount');
  if (total <= 0) throw invalid('amount.value', 'Amount must be greater than zero');
  if (request.capture !== undefined && typeof request.capture !== 'boolean') throw invalid('capture', 'capture must be a boolean');
  const { confirmation } = request;
  if (!isRecord(confirmation) || confirmation.type !== 'redirect') throw invalid('confirmation.type', 'This stand-in knows the redirect confirmation only');
  try {
    if (!/^https?:$/.test(new URL(confirmation.return_url).protocol)) throw new Error();
  } catch {
    throw invalid('confirmation.return_url', 'return_url must be an absolute http(s) address');
  }
  if (request.description !== undefined && (typeof request.description !== 'string' || request.description.length > 128)) throw invalid('description', 'Description is up to 128 characters');
  const metadata = request.metadata ?? {};
  if (!isRecord(metadata) || Object.keys(metadata).length > 16) throw invalid('metadata', 'Metadata is up to 16 keys');
  for (const [key, value] of Object.entries(metadata)) {
    if (key.length > 32 || typeof value !== 'string' || value.length > 512) throw invalid(`metadata.${key}`, 'Metadata keys are up to 32 characters, values strings up to 512');
  }
  checkReceipt(request.receipt, total);
  return { amount: { value: request.amount.value, currency: 'RUB' }, capture: request.capture !== false, description: request.description, metadata, returnUrl: confirmation.return_url };
}

/** @param {import('node:http').IncomingMessage} req */
const readBody = (req) =>
  new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0 or absent: a free one).
 * @param {StandInOptions} options
 */
export async function startYookassaStandIn(options) {
  /** @type {Map<string, Payment>} */
  const payments = new Map();
  /** @type {Map<string, string>} the payment each Idempotence-Key made */
  const keys = new Map();
  /** @type {SeenRequest[]} */
  const requests = [];
  /** @type {SentNotification[]} */
  const notifications = [];
  const config = { mode: 'ok', delayMs: 15_000, notificationUrl: options.notificationUrl ?? '' };
  const expectedAuth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  let base = '';

  /** Posts the notification of the payment's current state; records how it was answered. */
  async function notify(/** @type {Payment} */ payment) {
    /** @type {Notification} */
    const notification = { type: 'notification', event: `payment.${payment.status}`, object: structuredClone(payment) };
    /** @type {SentNotification} */
    const sent = { event: notification.event, paymentId: payment.id, at: new Date().toISOString() };
    notifications.push(sent);
    try {
      if (options.notify) sent.status = (await options.notify(notification)).status;
      else if (config.notificationUrl) {
        const response = await fetch(config.notificationUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(notification), signal: AbortSignal.timeout(10_000) });
        sent.status = response.status;
      } else sent.error = 'no notification address';
    } catch (error) {
      sent.error = error instanceof Error ? error.message : String(error);
    }
    return sent;
  }

  /** The customer's choice on the payment page: pay, or leave it (the payment is then cancelled). */
  function settle(/** @type {Payment} */ payment, /** @type {'pay' | 'cancel'} */ choice) {
    if (payment.status !== 'pending') return false;
    if (choice === 'pay') {
      Object.assign(payment, {
        status: 'succeeded',
        paid: true,
        captured_at: new Date().toISOString(),
        income_amount: { value: (Number(payment.amount.value) * 0.965).toFixed(2), currency: payment.amount.currency },
        payment_method: { type: 'bank_card', id: payment.id, saved: false, title: 'Bank card *4444', card: { first6: '555555', last4: '4444', expiry_month: '12', expiry_year: '2030', card_type: 'MasterCard' } },
        receipt_registration: 'succeeded',
        refundable: true,
      });
    } else {
      Object.assign(payment, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } });
      delete payment.receipt_registration;
    }
    return true;
  }

  /** @param {string} method @param {string} path @param {import('node:http').IncomingHttpHeaders} headers @param {string} text */
  async function api(method, path, headers, text) {
    const authorized = headers.authorization === expectedAuth;
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? '');
    const idempotenceKey = typeof headers['idempotence-key'] === 'string' ? headers['idempotence-key'] : undefined;
    /** @type {unknown} */
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    requests.push({ method, path, authorized, shopId: basic ? Buffer.from(basic[1] ?? '', 'base64').toString('utf8').split(':')[0] : undefined, idempotenceKey, body, at: new Date().toISOString() });
    if (config.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, config.delayMs));
    if (config.mode === 'down') throw new Refusal(500, 'internal_server_error', 'Internal server error');
    if (config.mode === 'rate-limit') throw new Refusal(429, 'too_many_requests', 'Too many requests');
    if (!authorized) throw new Refusal(401, 'invalid_credentials', 'Authentication by given credentials failed', 'Authorization');

    const one = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const payment = payments.get(decodeURIComponent(one[1] ?? ''));
      if (!payment) throw new Refusal(404, 'not_found', "Payment doesn't exist or access denied", 'payment_id');
      return payment;
    }
    if (method !== 'POST' || path !== '/v3/payments') throw new Refusal(404, 'not_found', 'Resource not found');
    if (!idempotenceKey) throw invalid('Idempotence-Key', 'Idempotence key is required');
    if (idempotenceKey.length > 64) throw invalid('Idempotence-Key', 'Idempotence key is up to 64 characters');
    const made = keys.get(idempotenceKey);
    if (made) return /** @type {Payment} */ (payments.get(made));
    if (typeof body !== 'object') throw invalid('body', 'Request body must be JSON');
    const checked = checkPaymentRequest(body);
    const id = paymentId();
    /** @type {Payment} */
    const payment = {
      id,
      status: 'pending',
      paid: false,
      amount: checked.amount,
      ...(checked.description ? { description: checked.description } : {}),
      recipient: { account_id: options.shopId, gateway_id: '1000001' },
      created_at: new Date().toISOString(),
      confirmation: { type: 'redirect', confirmation_url: `${base}/checkout/${id}`, return_url: checked.returnUrl },
      metadata: checked.metadata,
      receipt_registration: 'pending',
      refundable: false,
      test: true,
    };
    payments.set(id, payment);
    keys.set(idempotenceKey, id);
    return payment;
  }

  /** @param {Payment} payment */
  function checkoutPage(payment) {
    const amount = `${payment.amount.value} ${payment.amount.currency}`;
    const action = (/** @type {string} */ choice, /** @type {string} */ label) => `<form method="post" action="/checkout/${payment.id}/${choice}"><button type="submit">${label}</button></form>`;
    const body =
      payment.status === 'pending'
        ? `<p>${escapeHtml(payment.description ?? '')}</p><p>К оплате: <strong>${amount}</strong></p>${action('pay', 'Оплатить')}${action('cancel', 'Отменить')}`
        : `<p>Платёж ${payment.status === 'succeeded' ? 'оплачен' : 'отменён'}.</p><p><a href="${escapeHtml(payment.confirmation?.return_url ?? '/')}">Вернуться в магазин</a></p>`;
    return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (stand-in)</title></head><body><main><h1>Оплата картой</h1>${body}</main></body></html>`;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const text = /** @type {string} */ (await readBody(req));
    const json = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith('/v3/')) return json(200, await api(req.method ?? 'GET', url.pathname, req.headers, text));

      const checkout = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      const payment = checkout ? payments.get(checkout[1] ?? '') : undefined;
      if (checkout && !payment) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        return res.end('Платёж не найден');
      }
      if (payment && req.method === 'GET' && !checkout?.[2]) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(payment));
      }
      if (payment && req.method === 'POST' && checkout?.[2]) {
        if (settle(payment, /** @type {'pay' | 'cancel'} */ (checkout[2]))) await notify(payment);
        res.writeHead(303, { Location: payment.confirmation?.return_url ?? `/checkout/${payment.id}` });
        return res.end();
      }

      if (req.method === 'POST' && url.pathname === '/__config') {
        const change = text ? JSON.parse(text) : {};
        if (change.mode !== undefined && !MODES.includes(change.mode)) return json(400, { error: `mode is one of ${MODES.join(', ')}` });
        Object.assign(config, Object.fromEntries(Object.entries(change).filter(([key]) => key in config)));
        return json(200, config);
      }
      const resend = /^\/__notify\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && resend) {
        const found = payments.get(resend[1] ?? '');
        return found ? json(200, await notify(found)) : json(404, { error: 'no such payment' });
      }
      if (req.method === 'GET' && url.pathname === '/__payments') return json(200, [...payments.values()]);
      if (req.method === 'GET' && url.pathname === '/__requests') return json(200, requests);
      if (req.method === 'GET' && url.pathname === '/__notifications') return json(200, notifications);
      return json(404, { type: 'error', id: randomUUID(), code: 'not_found', description: 'Resource not found' });
    } catch (error) {
      if (error instanceof Refusal) return json(error.status, error.body);
      return json(500, { type: 'error', id: randomUUID(), code: 'internal_server_error', description: error instanceof Error ? error.message : 'Internal server error' });
    }
  });

  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    url: base,
    payments,
    requests,
    notifications,
    /** @param {'ok' | 'slow' | 'down' | 'rate-limit'} mode @param {number} [delayMs] how long `slow` holds an answer */
    setMode(mode, delayMs) {
      config.mode = mode;
      if (delayMs !== undefined) config.delayMs = delayMs;
    },
    setNotificationUrl(/** @type {string} */ url) {
      config.notificationUrl = url;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] || process.env.YOOKASSA_STAND_IN_PORT || 3108);
  await startYookassaStandIn({
    port,
    shopId: process.env.YOOKASSA_SHOP_ID || '100500',
    secretKey: process.env.YOOKASSA_SECRET_KEY || 'test_stand_in_key',
    notificationUrl: process.env.YOOKASSA_NOTIFICATION_URL,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
}
