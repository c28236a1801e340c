import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { POST as pay } from '@/app/api/invoices/[id]/pay/route';
import { POST as notice } from '@/app/api/payments/yookassa/route';
import { companies, invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, payments, subscriptions, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { getPayment, YookassaError } from '@/server/billing/yookassa';
import en from '../../messages/en.json';
import { startYookassaStandIn } from '../e2e/yookassa-stand-in.mjs';
import { signUp } from '../support/customer';
import { jsonRequest } from '../support/requests';
import { BUYER, ORDER, SELLER_SETTINGS } from '../support/seller.mjs';
import { useTestDb } from '../support/test-db';

const SHOP = { YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: `test_${randomBytes(12).toString('hex')}` };
const WEBHOOK = { WEBHOOK_URL: 'https://catalogue.example/hooks', WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('card payment through YooKassa', () => {
  const database = useTestDb('pglite');
  const db = () => database.handle.db;
  let standIn: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    // YooKassa's notifications go straight to the route handler, in this process.
    standIn = await startYookassaStandIn({ shopId: SHOP.YOOKASSA_SHOP_ID, secretKey: SHOP.YOOKASSA_SECRET_KEY, notify: (body) => notice(jsonRequest('/api/payments/yookassa', body)) });
  });
  afterAll(async () => {
    setEnvForTests();
    await standIn.close();
  });
  beforeEach(async () => {
    env = { ...SELLER_SETTINGS, ...SHOP, YOOKASSA_API_BASE: standIn.url, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', VAT_RATE: '22', DADATA_API_KEY: '' };
    setEnvForTests(env);
    standIn.setMode('ok');
    standIn.requests.length = 0;
    for (const table of [subscriptions, payments, invoiceEvents, outboxMessages, invoices, invoiceCounters, companies, leads, users]) await db().delete(table);
  });

  /** A new account's token and an invoice issued to it (EPC FULL, 2 seats, and TIS for two brands, 3 months: 42 900 ₽). */
  async function customerWithInvoice() {
    const { email, token } = await signUp();
    const issued = await createInvoice(jsonRequest('/api/invoices', ORDER, { headers: auth(token) }));
    const { invoice } = (await issued.json()).result as { invoice: { id: string; number: string; total: string } };
    const [user] = await db().select().from(users).where(eq(users.email, email));
    return { token, invoice, email, userId: user!.id };
  }
  const payRequest = (invoiceId: string, token?: string, lang: 'ru' | 'en' = 'en') =>
    pay(jsonRequest(`/api/invoices/${invoiceId}/pay`, {}, { lang, headers: token ? auth(token) : {} }), { params: Promise.resolve({ id: invoiceId }) });
  const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const paymentRows = (invoiceId: string) => db().select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.createdAt);
  const eventsOf = async (invoiceId: string) => (await db().select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoiceId)).orderBy(invoiceEvents.id)).map((row) => row.event);
  const paymentsAtYookassa = (invoiceId: string) => [...standIn.payments.values()].filter((made) => made.metadata.invoice_id === invoiceId);
  /** The customer on YooKassa's page: «Оплатить» or «Отменить»; where the browser is sent then. */
  async function choose(confirmationUrl: string, choice: 'pay' | 'cancel') {
    const response = await fetch(`${confirmationUrl}/${choice}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    return response.headers.get('location');
  }

  it('asks YooKassa for the exact amount with Basic auth, an Idempotence-Key and the 54-FZ receipt, and offers the same payment on a second click', async () => {
    const { token, invoice, email, userId } = await customerWithInvoice();
    const response = await payRequest(invoice.id, token);
    expect(response.status).toBe(200);
    const { confirmation_url } = (await response.json()).result;
    const [created] = standIn.requests;
    expect(created).toMatchObject({ method: 'POST', path: '/v3/payments', authorized: true, shopId: '100500', idempotenceKey: expect.stringMatching(new RegExp(`^${invoice.id}:1:[0-9a-f]{16}$`)) });
    const row = await invoiceRow(invoice.id);
    expect(created!.body).toEqual({
      amount: { value: '42900.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `http://localhost:3000/en/auth/account/invoices/${invoice.id}?paid=card` },
      description: `Payment of invoice No. ${invoice.number}`,
      metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
      receipt: {
        customer: { full_name: BUYER.name, inn: BUYER.inn, email },
        // A month's price times the months; 22 % is vat_code 11 (YooKassa's table since 2026).
        items: [
          { description: row.lines[0]!.name.ru, quantity: '3.00', amount: { value: '7800.00', currency: 'RUB' }, vat_code: 11, payment_mode: 'full_payment', payment_subject: 'service' },
          { description: row.lines[1]!.name.ru, quantity: '3.00', amount: { value: '5000.00', currency: 'RUB' }, vat_code: 11, payment_mode: 'full_payment', payment_subject: 'service' },
          { description: row.lines[2]!.name.ru, quantity: '3.00', amount: { value: '1500.00', currency: 'RUB' }, vat_code: 11, payment_mode: 'full_payment', payment_subject: 'service' },
        ],
      },
    });
    expect(row.lines[0]!.name.ru).toBe('Подписка «EPC FULL», 2 рабочих места');
    const [payment] = paymentsAtYookassa(invoice.id);
    expect(confirmation_url).toBe(`${standIn.url}/checkout/${payment!.id}`);
    expect(await paymentRows(invoice.id)).toMatchObject([{ source: 'yookassa', externalId: payment!.id, status: 'pending', amountKopecks: 4290000, currency: 'RUB' }]);
    const [started] = await db().select().from(invoiceEvents).where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.event, 'payment.created')));
    expect(started).toMatchObject({ actor: `customer:${userId}`, detail: { paymentId: payment!.id } });

    // The second click is offered the open payment (fetched back), not a new one.
    const again = await payRequest(invoice.id, token, 'ru');
    expect((await again.json()).result.confirmation_url).toBe(confirmation_url);
    expect(standIn.requests.map((seen) => `${seen.method} ${seen.path}`)).toEqual(['POST /v3/payments', `GET /v3/payments/${payment!.id}`]);
    expect(paymentsAtYookassa(invoice.id)).toHaveLength(1);
    expect(await eventsOf(invoice.id)).toEqual(['issued', 'payment.created']);
  });

  it('writes a seller without VAT as vat_code 1', async () => {
    setEnvForTests({ ...env, VAT_RATE: 'none' });
    const { token, invoice } = await customerWithInvoice();
    expect((await payRequest(invoice.id, token)).status).toBe(200);
    const { receipt } = standIn.requests[0]!.body as { receipt: { items: Array<{ vat_code: number }> } };
    expect(receipt.items.map((item) => item.vat_code)).toEqual([1, 1, 1]);
  });

  it('pays the invoice when YooKassa, asked back, says succeeded: subscriptions start, activations are queued; a repeated notification changes nothing', async () => {
    setEnvForTests({ ...env, ...WEBHOOK });
    const { token, invoice } = await customerWithInvoice();
    const { confirmation_url } = (await (await payRequest(invoice.id, token)).json()).result;
    expect(await (await fetch(confirmation_url)).text()).toContain('Оплатить');
    expect(await choose(confirmation_url, 'pay')).toBe(`http://localhost:3000/en/auth/account/invoices/${invoice.id}?paid=card`);

    const [payment] = paymentsAtYookassa(invoice.id);
    expect(standIn.notifications.at(-1)).toMatchObject({ event: 'payment.succeeded', paymentId: payment!.id, status: 200 });
    // The notification was checked by asking YooKassa.
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/payments/${payment!.id}`, authorized: true });
    const [row] = await paymentRows(invoice.id);
    expect(row).toMatchObject({ status: 'succeeded', amountKopecks: 4290000 });
    expect(row!.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', paidBy: `payment:${row!.id}` });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.invoiceId, invoice.id)).orderBy(subscriptions.product)).map((period) => [period.product, period.seats, period.brands])).toEqual([
      ['epc', 2, []],
      ['tis', 1, ['bmw-mini', 'volvo']],
    ]);
    const activations = await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook-event')).orderBy(outboxMessages.id);
    expect(activations.map((message) => (message.payload as { type: string; data: { product: string; invoice: string } }))).toMatchObject([
      { type: 'subscription.activated', data: { product: 'epc', invoice: invoice.number } },
      { type: 'subscription.activated', data: { product: 'tis', invoice: invoice.number } },
    ]);
    const [paidEvent] = await db().select().from(invoiceEvents).where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.event, 'paid')));
    expect(paidEvent).toMatchObject({ actor: 'yookassa', detail: { paymentId: payment!.id } });

    const repeated = await (await fetch(`${standIn.url}/__notify/${payment!.id}`, { method: 'POST' })).json();
    expect(repeated.status).toBe(200);
    expect(await db().select().from(subscriptions)).toHaveLength(2);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook-event'))).toHaveLength(2);
    expect(await eventsOf(invoice.id)).toEqual(['issued', 'payment.created', 'paid']);
    const paidAgain = await payRequest(invoice.id, token);
    expect(paidAgain.status).toBe(409);
    expect((await paidAgain.json()).errors).toEqual([en.ApiErrors.invoiceNotPayable]);
  });

  it('believes no notification’s body: a “succeeded” that YooKassa says is pending, an id YooKassa has not, a body that is none', async () => {
    const { token, invoice } = await customerWithInvoice();
    await payRequest(invoice.id, token);
    const [payment] = paymentsAtYookassa(invoice.id);
    const forged = { type: 'notification', event: 'payment.succeeded', object: { ...payment!, status: 'succeeded', paid: true, captured_at: new Date().toISOString() } };
    const send = (body: unknown) => notice(jsonRequest('/api/payments/yookassa', body));
    expect((await send(forged)).status).toBe(200);
    expect((await send({ ...forged, object: { ...forged.object, id: '2419a771-000f-5000-9000-1edaf29243f2' } })).status).toBe(200);
    expect((await send({ type: 'notification', event: 'refund.succeeded', object: { id: 'whatever' } })).status).toBe(200);
    expect((await send({ type: 'notification', event: 'payment.succeeded' })).status).toBe(400);
    expect((await send('{"type": "notification"')).status).toBe(400);
    expect((await invoiceRow(invoice.id)).status).toBe('issued');
    expect(await paymentRows(invoice.id)).toMatchObject([{ status: 'pending' }]);
    expect(await db().select().from(subscriptions)).toHaveLength(0);
    expect(await eventsOf(invoice.id)).toEqual(['issued', 'payment.created']);
  });

  it('keeps money the invoice cannot take as a mismatch for a person: another sum, or an invoice cancelled before it came', async () => {
    const { token, invoice } = await customerWithInvoice();
    // A payment naming the invoice with another sum (made with the shop's own keys).
    const receipt = { customer: { email: 'payer@example.com' }, items: [{ description: 'Часть', quantity: '1.00', amount: { value: '100.00', currency: 'RUB' }, vat_code: 11, payment_mode: 'full_payment', payment_subject: 'service' }] };
    const partial = await fetch(`${standIn.url}/v3/payments`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${SHOP.YOOKASSA_SHOP_ID}:${SHOP.YOOKASSA_SECRET_KEY}`).toString('base64')}`, 'Idempotence-Key': 'partial', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: { value: '100.00', currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'http://localhost:3000/' }, metadata: { invoice_id: invoice.id }, receipt }),
    });
    await choose((await partial.json()).confirmation.confirmation_url, 'pay');
    expect((await invoiceRow(invoice.id)).status).toBe('issued');
    expect(await paymentRows(invoice.id)).toMatchObject([{ status: 'mismatch', amountKopecks: 10000 }]);

    const { confirmation_url } = (await (await payRequest(invoice.id, token)).json()).result;
    await db().update(invoices).set({ status: 'cancelled', cancelledAt: new Date(), cancelledBy: 'staff:test', cancelReason: 'test' }).where(eq(invoices.id, invoice.id));
    await choose(confirmation_url, 'pay');
    expect((await invoiceRow(invoice.id)).status).toBe('cancelled');
    expect((await paymentRows(invoice.id)).map((row) => [row.status, row.amountKopecks])).toEqual([
      ['mismatch', 10000],
      ['mismatch', 4290000],
    ]);
    const mismatches = await db().select().from(invoiceEvents).where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.event, 'payment.mismatch')));
    expect(mismatches.map((event) => event.detail?.reason)).toEqual(['amount', 'invoice cancelled']);
    expect(await db().select().from(subscriptions)).toHaveLength(0);
  });

  it('records a cancelled payment; the next click starts another with a new Idempotence-Key', async () => {
    const { token, invoice } = await customerWithInvoice();
    const first = (await (await payRequest(invoice.id, token)).json()).result.confirmation_url;
    await choose(first, 'cancel');
    expect(await paymentRows(invoice.id)).toMatchObject([{ status: 'canceled' }]);
    const second = (await (await payRequest(invoice.id, token)).json()).result.confirmation_url;
    expect(second).not.toBe(first);
    const keys = standIn.requests.filter((seen) => seen.method === 'POST').map((seen) => seen.idempotenceKey?.replace(/:[0-9a-f]{16}$/, ''));
    expect(keys).toEqual([`${invoice.id}:1`, `${invoice.id}:2`]);
    expect(await eventsOf(invoice.id)).toEqual(['issued', 'payment.created', 'payment.canceled', 'payment.created']);
  });

  it('pays only the account’s own invoice, with a token, when card payment is set up', async () => {
    const { invoice } = await customerWithInvoice();
    const other = await customerWithInvoice();
    expect((await payRequest(invoice.id, other.token)).status).toBe(404);
    expect((await payRequest('nonsense', other.token)).status).toBe(404);
    expect((await payRequest(invoice.id)).status).toBe(401);
    setEnvForTests({ ...env, YOOKASSA_SHOP_ID: '', YOOKASSA_SECRET_KEY: '' });
    const off = await payRequest(other.invoice.id, other.token);
    expect(off.status).toBe(503);
    expect((await off.json()).errors).toEqual([en.ApiErrors.cardPaymentOff]);
    expect(standIn.requests).toEqual([]);
  });

  it('answers 503 and stores nothing while YooKassa is down, limits or refuses the keys; the retried click sends the same key', async () => {
    const { token, invoice } = await customerWithInvoice();
    for (const mode of ['down', 'rate-limit'] as const) {
      standIn.setMode(mode);
      const refused = await payRequest(invoice.id, token);
      expect(refused.status).toBe(503);
      expect((await refused.json()).errors).toEqual([en.ApiErrors.cardPaymentUnavailable]);
    }
    standIn.setMode('ok');
    setEnvForTests({ ...env, YOOKASSA_SECRET_KEY: 'test_wrong_key' });
    expect((await payRequest(invoice.id, token)).status).toBe(503);
    expect(await paymentRows(invoice.id)).toEqual([]);
    expect(await eventsOf(invoice.id)).toEqual(['issued']);

    setEnvForTests(env);
    const { confirmation_url } = (await (await payRequest(invoice.id, token)).json()).result;
    const keys = new Set(standIn.requests.map((seen) => seen.idempotenceKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(new RegExp(`^${invoice.id}:1:`));

    // A notification that cannot be checked is refused, so that YooKassa sends it again.
    standIn.setMode('down');
    await choose(confirmation_url, 'pay');
    expect(standIn.notifications.at(-1)?.status).toBe(503);
    expect((await invoiceRow(invoice.id)).status).toBe('issued');
    standIn.setMode('ok');
    const [payment] = paymentsAtYookassa(invoice.id);
    await fetch(`${standIn.url}/__notify/${payment!.id}`, { method: 'POST' });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
  });

  it('gives up on a slow YooKassa at the timeout, naming no key', async () => {
    standIn.setMode('slow', 2000);
    const error = await getPayment('2419a771-000f-5000-9000-1edaf29243f2', 200).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YookassaError);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('no answer within 200 ms') });
    setEnvForTests({ ...env, YOOKASSA_SECRET_KEY: 'test_wrong_key' });
    standIn.setMode('ok');
    const refused = await getPayment('2419a771-000f-5000-9000-1edaf29243f2').catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ kind: 'refused', message: expect.stringContaining('401 invalid_credentials') });
    expect(String((refused as Error).message)).not.toContain('test_wrong_key');
  });
});
