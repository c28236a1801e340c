import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { companies, invoiceEvents, invoices, leads, outboxMessages, subscriptions } from '@/db/schema';
import { markInvoicePaid } from '@/server/billing/activation';
import { getEnv, setEnvForTests } from '@/server/env';
import { channelsFromEnv, leadChannels } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import { bearer, signUp } from '../support/customer';
import { jsonRequest } from '../support/requests';
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import { testDatabases, useTestDb } from '../support/test-db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ORDER = { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }, { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] }] };

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(SECRET);
});
afterAll(async () => {
  setEnvForTests();
  await receiver.close();
});

describe.each(testDatabases())('subscription.activated to the signed webhook, on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const events = () => db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook-event')).orderBy(outboxMessages.id);
  const makeDue = () => db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  const activations = () => receiver.deliveries.filter((delivery) => delivery.body.type === 'subscription.activated');

  /** An invoice for EPC and TIS, paid: two activations queued (and the invoice's lead, already delivered). */
  async function paidInvoice() {
    const { token } = await signUp();
    const response = await createInvoice(jsonRequest('/api/invoices', ORDER, { headers: bearer(token) }));
    const { invoice } = (await response.json()).result;
    expect(await drainOutbox(db(), channelsFromEnv(getEnv()))).toBeGreaterThan(0);
    receiver.reset();
    await markInvoicePaid(db(), invoice.id, { paidBy: 'staff:test', actor: 'staff:test', paidAt: new Date('2026-11-27T09:00:00Z') });
    return invoice as { id: string; number: string };
  }

  beforeEach(async () => {
    setEnvForTests({ ...SELLER_SETTINGS, VAT_RATE: '22', DADATA_API_KEY: '', TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', SALES_EMAIL: '', WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, CRM_TIMEOUT_MS: '5000' });
    receiver.reset();
    for (const table of [subscriptions, invoiceEvents, outboxMessages, invoices, companies, leads]) await db().delete(table);
  });

  it('is not a lead channel: no lead is queued for it, yet the worker has it to deliver', () => {
    expect(leadChannels(getEnv())).toEqual(['webhook']);
    expect(Object.keys(channelsFromEnv(getEnv())).sort()).toEqual(['webhook', 'webhook-event']);
  });

  it('posts each product paid for, signed, with what the catalogue system needs to grant access', async () => {
    const invoice = await paidInvoice();
    expect((await events()).map((row) => row.payload.id)).toEqual([`subscription_${invoice.id}_epc`, `subscription_${invoice.id}_tis`]);
    expect(await drainOutbox(db(), channelsFromEnv(getEnv()))).toBe(2);
    expect((await events()).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    expect(receiver.rejected).toBe(0);
    expect(activations().map((delivery) => delivery.id)).toEqual([`subscription_${invoice.id}_epc`, `subscription_${invoice.id}_tis`]);
    const data = { inn: BUYER.inn, from: '2026-11-27', until: '2027-02-26', invoice: invoice.number };
    expect(activations().map((delivery) => delivery.body)).toEqual([
      { type: 'subscription.activated', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: { ...data, product: 'epc', seats: 2, brands: [] } },
      { type: 'subscription.activated', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), data: { ...data, product: 'tis', seats: 1, brands: ['bmw-mini', 'volvo'] } },
    ]);
  });

  it('tries again after a 500 with the same webhook-id and event time, and stops at a 410', async () => {
    const invoice = await paidInvoice();
    // The receiver keeps the post but answers 500: the retry must be recognisable as the same event.
    receiver.setMode('swallow');
    await drainOutbox(db(), channelsFromEnv(getEnv()));
    let rows = await events();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(rows[0]!.lastError).toContain('500');
    receiver.setMode('ok');
    await makeDue();
    await drainOutbox(db(), channelsFromEnv(getEnv()));
    rows = await events();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['delivered', 2], ['delivered', 2]]);
    const epc = activations().filter((delivery) => delivery.id === `subscription_${invoice.id}_epc`);
    expect(epc).toHaveLength(2);
    expect(epc[1]!.body).toEqual(epc[0]!.body);
    expect(receiver.rejected).toBe(0);

    const second = await paidInvoice();
    receiver.setMode('gone');
    await drainOutbox(db(), channelsFromEnv(getEnv()));
    const refused = (await events()).filter((row) => String(row.payload.id).startsWith(`subscription_${second.id}`));
    expect(refused.map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(refused[0]!.lastError).toContain('410');
  });
});
