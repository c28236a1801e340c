import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as listInvoices, POST as createInvoice } from '@/app/api/invoices/route';
import { GET as getInvoice } from '@/app/api/invoices/[id]/route';
import { GET as listSubscriptions } from '@/app/api/subscriptions/route';
import { companies, invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, subscriptions, users } from '@/db/schema';
import { markInvoicePaid } from '@/server/billing/activation';
import { allotInvoiceSeq } from '@/server/billing/numbering';
import { setEnvForTests } from '@/server/env';
import { eq } from 'drizzle-orm';
import en from '../../messages/en.json';
import { bearer, signUp as signUpCustomer } from '../support/customer';
import { jsonRequest } from '../support/requests';
import { BUYER, ORDER, SELLER_SETTINGS } from '../support/seller.mjs';
import { useTestDb } from '../support/test-db';

/** A new account's Bearer token. */
const signUp = async () => (await signUpCustomer()).token;
const get = (path: string, token: string, lang: 'ru' | 'en' = 'en') => new Request(`http://localhost:3000${path}`, { headers: { ...bearer(token), 'Accept-Language': lang } });

describe('invoices', () => {
  const database = useTestDb('pglite');
  beforeEach(async () => {
    setEnvForTests({ ...SELLER_SETTINGS, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', VAT_RATE: '22', DADATA_API_KEY: '' });
    const { db } = database.handle;
    for (const table of [subscriptions, invoiceEvents, outboxMessages, invoices, invoiceCounters, companies, leads, users]) await db.delete(table);
  });
  afterAll(() => setEnvForTests());

  it('prices the order on the server, numbers it and answers it with VAT included', async () => {
    const token = await signUp();
    // Whatever amounts the browser sends are not read.
    const response = await createInvoice(jsonRequest('/api/invoices', { ...ORDER, total: '1.00', items: ORDER.items.map((item) => ({ ...item, price: 1 })) }, { lang: 'en', headers: bearer(token) }));
    expect(response.status).toBe(200);
    const { invoice } = (await response.json()).result;
    // EPC 3 900 ₽ × 2 seats × 3 months + (BMW 5 000 + Volvo 1 500) × 3 months = 23 400 + 19 500.
    expect(invoice.total).toBe('42900.00');
    // 42 900 × 22 / 122 = 7 736.07
    expect(invoice.vat).toBe('7736.07');
    expect(invoice.number).toMatch(/^\d{4}-000001$/);
    expect(invoice.status).toBe('issued');
    expect(invoice.items.map((item: { name: string; amount: string }) => [item.name, item.amount])).toEqual([
      ['“EPC FULL” subscription, 2 workstations', '23400.00'],
      ['TIS service information: BMW / MINI', '15000.00'],
      ['TIS service information: Volvo', '4500.00'],
    ]);
    expect(invoice.pdf).toBe(`/api/invoices/${invoice.id}/pdf`);
    const [lead] = await database.handle.db.select().from(leads).where(eq(leads.kind, 'invoice'));
    expect(lead?.payload).toMatchObject({ invoice_number: invoice.number, inn: BUYER.inn, total: '42900.00' });
    const second = await (await createInvoice(jsonRequest('/api/invoices', ORDER, { headers: bearer(token) }))).json();
    expect(second.result.invoice.number).toBe(invoice.number.replace(/1$/, '2'));
  });

  it('refuses a wrong INN, a missing KPP and an unknown product by their fields, storing nothing', async () => {
    const token = await signUp();
    const response = await createInvoice(
      jsonRequest('/api/invoices', { company: { ...BUYER, inn: '7707083894', kpp: '' }, items: [{ product: 'epc', months: 2, seats: 0 }] }, { lang: 'en', headers: bearer(token) }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errorsFld).toMatchObject({ 'company.inn': en.Validation.innChecksum, 'items.0.months': en.Validation.invalidChoice, 'items.0.seats': en.Validation.invalidSeats });
    const unknown = await createInvoice(jsonRequest('/api/invoices', { company: BUYER, items: [{ product: 'supplier', months: 3, seats: 1 }] }, { lang: 'en', headers: bearer(token) }));
    expect((await unknown.json()).errorsFld).toEqual({ 'items.0.product': en.Validation.invalidChoice });
    const person = await createInvoice(jsonRequest('/api/invoices', { company: { ...BUYER, inn: '500100732259' }, items: ORDER.items }, { lang: 'en', headers: bearer(token) }));
    expect((await person.json()).errorsFld).toEqual({ 'company.kpp': en.Validation.kppForPerson });
    expect(await database.handle.db.select().from(invoices)).toHaveLength(0);
    expect(await database.handle.db.select().from(invoiceCounters)).toHaveLength(0);
  });

  it('is off without the seller’s bank, and asks for a token', async () => {
    const token = await signUp();
    setEnvForTests({ ...SELLER_SETTINGS, SELLER_BANK_NAME: '', SELLER_BIC: '', SELLER_ACCOUNT: '', SELLER_CORR_ACCOUNT: '' });
    const off = await createInvoice(jsonRequest('/api/invoices', ORDER, { lang: 'en', headers: bearer(token) }));
    expect(off.status).toBe(503);
    expect((await off.json()).errors).toEqual([en.ApiErrors.purchaseOff]);
    expect((await (await listInvoices(get('/api/invoices', token))).json()).result.purchase.enabled).toBe(false);
    expect((await createInvoice(jsonRequest('/api/invoices', ORDER))).status).toBe(401);
  });

  it('shows an account only its own invoices: another’s is 404', async () => {
    const [mine, theirs] = [await signUp(), await signUp()];
    const { invoice } = (await (await createInvoice(jsonRequest('/api/invoices', ORDER, { headers: bearer(mine) }))).json()).result;
    const params = { params: Promise.resolve({ id: invoice.id }) };
    expect((await getInvoice(get(`/api/invoices/${invoice.id}`, mine), params)).status).toBe(200);
    expect((await getInvoice(get(`/api/invoices/${invoice.id}`, theirs), params)).status).toBe(404);
    expect((await getInvoice(get('/api/invoices/nonsense', mine), { params: Promise.resolve({ id: 'nonsense' }) })).status).toBe(404);
    const listed = (await (await listInvoices(get('/api/invoices', theirs))).json()).result;
    expect(listed.invoices).toEqual([]);
    expect((await (await listInvoices(get('/api/invoices', mine))).json()).result.company).toMatchObject({ inn: BUYER.inn, name: BUYER.name });
  });

  it('starts each product’s period when paid, adds a renewal on, and changes nothing when paid again', async () => {
    const token = await signUp();
    const issue = async () => (await (await createInvoice(jsonRequest('/api/invoices', ORDER, { headers: bearer(token) }))).json()).result.invoice;
    const first = await issue();
    const paidAt = new Date('2026-11-27T09:00:00Z');
    expect((await markInvoicePaid(database.handle.db, first.id, { paidBy: 'staff:test', actor: 'staff:test', paidAt })).changed).toBe(true);
    expect((await markInvoicePaid(database.handle.db, first.id, { paidBy: 'staff:test', actor: 'staff:test', paidAt })).changed).toBe(false);
    const renewal = await issue();
    await markInvoicePaid(database.handle.db, renewal.id, { paidBy: 'staff:test', actor: 'staff:test', paidAt: new Date('2026-12-01T09:00:00Z') });
    const { subscriptions: periods } = (await (await listSubscriptions(get('/api/subscriptions', token))).json()).result;
    expect(periods).toEqual([
      { product: 'epc', seats: 2, brands: [], from: '2027-02-27', until: '2027-05-26', invoice: renewal.number },
      { product: 'tis', seats: 1, brands: ['bmw-mini', 'volvo'], from: '2027-02-27', until: '2027-05-26', invoice: renewal.number },
      { product: 'epc', seats: 2, brands: [], from: '2026-11-27', until: '2027-02-26', invoice: first.number },
      { product: 'tis', seats: 1, brands: ['bmw-mini', 'volvo'], from: '2026-11-27', until: '2027-02-26', invoice: first.number },
    ]);
  });

  it('gives back the number of an invoice whose transaction failed: the next one gets it, so no gap', async () => {
    const { db } = database.handle;
    await expect(
      db.transaction(async (tx) => {
        expect(await allotInvoiceSeq(tx, 2031)).toBe(1);
        throw new Error('the invoice could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await db.transaction((tx) => allotInvoiceSeq(tx, 2031))).toBe(1);
    expect(await db.transaction((tx) => allotInvoiceSeq(tx, 2031))).toBe(2);
    expect(await db.transaction((tx) => allotInvoiceSeq(tx, 2032))).toBe(1);
  });
});
