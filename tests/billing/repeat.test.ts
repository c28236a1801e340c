import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { POST as repeatInvoice } from '@/app/api/invoices/[id]/repeat/route';
import { companies, invoiceEvents, invoices, leads, outboxMessages } from '@/db/schema';
import { orderOfLines } from '@/server/billing/repeat';
import { setEnvForTests } from '@/server/env';
import en from '../../messages/en.json';
import { bearer, signUp } from '../support/customer';
import { jsonRequest } from '../support/requests';
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import { testDatabases, useTestDb } from '../support/test-db';

const ORDER = { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }, { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] }, { product: 'vag', months: 12, seats: 1 }] };

/** `POST /api/invoices/{id}/repeat` as Next hands it over: no body, the id from the path. */
const repeat = (id: string, headers: Record<string, string> = {}) =>
  repeatInvoice(new Request(`http://localhost:3000/api/invoices/${id}/repeat`, { method: 'POST', headers: { 'Accept-Language': 'en', host: 'localhost:3000', ...headers } }), { params: Promise.resolve({ id }) });

afterAll(() => setEnvForTests());

describe.each(testDatabases())('issuing an invoice again, on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;

  async function issued(token: string) {
    const response = await createInvoice(jsonRequest('/api/invoices', ORDER, { lang: 'en', headers: bearer(token) }));
    return (await response.json()).result.invoice as { id: string; number: string; total: string; items: unknown[]; company: unknown };
  }

  beforeEach(async () => {
    setEnvForTests({ ...SELLER_SETTINGS, VAT_RATE: '22', DADATA_API_KEY: '', TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', SALES_EMAIL: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '' });
    for (const table of [invoiceEvents, outboxMessages, invoices, companies, leads]) await db().delete(table);
  });

  it('issues a new invoice for the same company and lines, answered as POST /api/invoices answers', async () => {
    const { token } = await signUp();
    const first = await issued(token);
    const response = await repeat(first.id, bearer(token));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.successStr).toBe(en.ApiSuccess.invoiceIssued);
    const again = body.result.invoice;
    expect(again.id).not.toBe(first.id);
    expect(again.number).toBe(first.number.replace(/1$/, '2'));
    expect(again).toMatchObject({ status: 'issued', total: first.total, company: first.company, items: first.items });
    // With its own lead for sales, as any invoice.
    const stored = await db().select().from(leads).where(eq(leads.kind, 'invoice'));
    expect(stored.map((lead) => lead.payload.invoice_number).sort()).toEqual([first.number, again.number]);
    const history = await db().select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, again.id));
    expect(history.map((event) => [event.event, event.detail?.source])).toEqual([['issued', 'repeat']]);
  });

  it('prices the lines today, not as the old invoice had them', async () => {
    const { token } = await signUp();
    const first = await issued(token);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, first.id));
    await db()
      .update(invoices)
      .set({ totalKopecks: 300, lines: row!.lines.map((line) => ({ ...line, priceKopecks: 100, amountKopecks: 100 })) })
      .where(eq(invoices.id, first.id));
    const again = (await (await repeat(first.id, bearer(token))).json()).result.invoice;
    // Priced from the price book again: what the first one cost when issued, not the 3.00 now stored.
    expect(again.total).toBe(first.total);
    expect(again.items.map((item: { price: string }) => item.price)).not.toContain('1.00');
  });

  it('is another account’s, unknown or unauthenticated: 404, 404, 401; a line no longer sold: 409', async () => {
    const [mine, theirs] = [await signUp(), await signUp()];
    const first = await issued(mine.token);
    expect((await repeat(first.id, bearer(theirs.token))).status).toBe(404);
    expect((await repeat('3f0c1a52-9a5e-4a43-8d55-2b3f1d1c0a00', bearer(mine.token))).status).toBe(404);
    expect((await repeat('nonsense', bearer(mine.token))).status).toBe(404);
    expect((await repeat(first.id)).status).toBe(401);
    expect((await repeat(first.id, { ...bearer(mine.token), Origin: 'https://evil.example' })).status).toBe(403);

    const [row] = await db().select().from(invoices).where(eq(invoices.id, first.id));
    await db()
      .update(invoices)
      .set({ lines: row!.lines.map((line) => (line.product === 'vag' ? { ...line, product: 'supplier' } : line)) })
      .where(eq(invoices.id, first.id));
    const refused = await repeat(first.id, bearer(mine.token));
    expect(refused.status).toBe(409);
    expect((await refused.json()).errors).toEqual([en.ApiErrors.invoiceRepeatUnavailable]);
    expect(await db().select().from(invoices)).toHaveLength(1);
  });

  it('takes the order back from the lines: each product’s workstations, the TIS brands of one period together', () => {
    const line = (product: string, months: number, extra: { seats?: number; brand?: string } = {}) => ({ product, months, seats: extra.seats ?? 1, ...(extra.brand ? { brand: extra.brand } : {}), name: { ru: '', en: '' }, quantity: months, priceKopecks: 0, amountKopecks: 0 });
    expect(orderOfLines([line('epc', 3, { seats: 2 }), line('tis', 3, { brand: 'bmw-mini' }), line('tis', 3, { brand: 'volvo' }), line('tis', 12, { brand: 'ford' }), line('moto', 1)])).toEqual([
      { product: 'epc', months: 3, seats: 2 },
      { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] },
      { product: 'tis', months: 12, brands: ['ford'] },
      { product: 'moto', months: 1, seats: 1 },
    ]);
  });
});
