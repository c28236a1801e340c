import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as importStatement } from '@/app/api/desk/invoices/import/route';
import { POST as invoiceAction } from '@/app/api/desk/invoices/[id]/route';
import { POST as paymentAction } from '@/app/api/desk/payments/[id]/route';
import { POST as addStaff } from '@/app/api/desk/staff/route';
import { invoiceEvents, invoices, payments, securityEvents, staff, staffSessions, statementImports } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import en from '../../messages/en.json';
import { jsonRequest } from '../support/requests';
import { singleByte, statementText } from '../support/statement';
import { testDatabases, useTestDb } from '../support/test-db';
import { billingSettings, emptyBilling, issued, paying } from '../billing/desk-billing-support';
import { deskForm, signedInStaff, STRONG } from './desk-support';

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const SAME_ORIGIN = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };

/** The statement upload as a browser posts the desk's form: multipart, with a boundary of mixed case as Chromium makes it. */
function upload(bytes: Uint8Array, cookie: string, headers: Record<string, string> = SAME_ORIGIN) {
  const boundary = '----WebKitFormBoundaryQ3xZ9kLmNp7RtY2v';
  const part = (head: string) => Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`);
  const body = Buffer.concat([
    part('Content-Disposition: form-data; name="locale"'),
    Buffer.from('en\r\n'),
    part('Content-Disposition: form-data; name="statement"; filename="kl_to_1c.txt"\r\nContent-Type: text/plain'),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Request('http://localhost:3000/api/desk/invoices/import?locale=en', {
    method: 'POST',
    body,
    headers: { cookie, host: 'localhost:3000', 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

describe.each(testDatabases())('desk invoices on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  beforeEach(async () => {
    billingSettings();
    await emptyBilling(db());
  });
  afterAll(() => setEnvForTests());

  const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;
  const logged = (event: string) => db().select().from(securityEvents).where(eq(securityEvents.event, event));

  it('adds a finance member; a role the desk does not know is refused', async () => {
    const admin = await signedInStaff(db(), 'boss@example.com', 'admin');
    const added = await addStaff(deskForm('/api/desk/staff', { email: 'money@example.com', display_name: 'Марина Деньгина', role: 'finance', password: STRONG }, admin.cookie));
    expect(added.headers.get('location')).toBe('/en/desk/staff?done=staffAdded');
    expect((await db().select().from(staff).where(eq(staff.email, 'money@example.com')))[0]!.role).toBe('finance');
    const odd = await addStaff(deskForm('/api/desk/staff', { email: 'odd@example.com', display_name: 'Odd Role', role: 'accountant', password: STRONG }, admin.cookie));
    expect(odd.headers.get('location')).toBe('/en/desk/staff?error=invalidChoice');
    // Finance handles money, not staff.
    const finance = await signedInStaff(db(), 'finance@example.com', 'finance');
    const refused = await addStaff(deskForm('/api/desk/staff', { email: 'x@example.com', display_name: 'X Sales', role: 'sales', password: STRONG }, finance.cookie));
    expect(refused.headers.get('location')).toBe('/en/desk?error=forbidden');
  });

  it('lets finance upload a statement (the form’s file, or JSON text) and refuses sales, another site and an unreadable file', async () => {
    const invoice = await issued(db());
    const statement = statementText([paying(invoice, '105')]);
    const finance = await signedInStaff(db(), 'finance@example.com', 'finance');
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');

    const bySales = await importStatement(upload(singleByte(statement, 'windows-1251'), sales.cookie));
    expect(bySales.status).toBe(303);
    expect(bySales.headers.get('location')).toBe('/en/desk/invoices?error=forbidden');
    const crossSite = await importStatement(upload(singleByte(statement, 'windows-1251'), finance.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(crossSite.headers.get('location')).toBe('/en/desk/invoices?error=crossOrigin');
    expect(await db().select().from(payments)).toHaveLength(0);

    const response = await importStatement(upload(singleByte(statement, 'windows-1251'), finance.cookie));
    expect(response.status).toBe(303);
    const [record] = await db().select().from(statementImports);
    expect(response.headers.get('location')).toBe(`/en/desk/invoices?done=statementImported&import=${record!.id}`);
    expect(record).toMatchObject({ staffId: finance.id, fileName: 'kl_to_1c.txt', encoding: 'windows-1251', counts: { new: 1, matched: 1 } });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');

    // The same statement's text as JSON: known already.
    const json = await importStatement(jsonRequest('/api/desk/invoices/import', { text: statement }, { lang: 'en', headers: { cookie: finance.cookie, ...SAME_ORIGIN } }));
    expect(json.status).toBe(200);
    expect((await json.json()).result).toMatchObject({ done: 'statementImported', import: { encoding: 'utf-8', counts: { new: 0, repeated: 1 } } });

    const broken = await importStatement(upload(new TextEncoder().encode(statementText([paying(invoice, '106')]).replace(/КонецДокумента\r\n/, '')), finance.cookie));
    expect(broken.headers.get('location')).toBe('/en/desk/invoices?error=statement_unclosedDocument&line=21');
    const brokenJson = await importStatement(jsonRequest('/api/desk/invoices/import', { text: 'not a statement' }, { lang: 'en', headers: { cookie: finance.cookie, ...SAME_ORIGIN } }));
    expect(brokenJson.status).toBe(400);
    expect((await brokenJson.json()).errorsFld).toEqual({ statement: en.Desk.errors.statement_notStatement });
    expect(await db().select().from(payments)).toHaveLength(1);
  });

  it('marks paid by hand for finance only, after a recent password, with who and when; once', async () => {
    const invoice = await issued(db());
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
    const finance = await signedInStaff(db(), 'finance@example.com', 'finance');
    const path = `/api/desk/invoices/${invoice.id}`;
    const markPaid = (cookie: string) => invoiceAction(deskForm(path, { action: 'markPaid', note: 'Оплата наличными в офисе' }, cookie), params(invoice.id));

    const bySales = await markPaid(sales.cookie);
    expect(bySales.headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?error=forbidden`);
    // No password given in the last minutes: the confirmation page first, nothing changed.
    await db().update(staffSessions).set({ authenticatedAt: sql`now() - interval '6 minutes'` }).where(eq(staffSessions.staffId, finance.id));
    const stale = await markPaid(finance.cookie);
    expect(stale.headers.get('location')).toBe(`/en/desk/confirm?back=${encodeURIComponent(`/en/desk/invoices/${invoice.id}`)}`);
    expect((await invoiceRow(invoice.id)).status).toBe('issued');

    await db().update(staffSessions).set({ authenticatedAt: sql`now()` }).where(eq(staffSessions.staffId, finance.id));
    const done = await markPaid(finance.cookie);
    expect(done.headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?done=invoiceMarkedPaid`);
    const paid = await invoiceRow(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', paidBy: `staff:${finance.id}` });
    expect(Date.now() - paid.paidAt!.getTime()).toBeLessThan(60_000);
    expect(await db().select().from(invoiceEvents).where(eq(invoiceEvents.event, 'paid'))).toMatchObject([{ actor: `staff:${finance.id}`, detail: { paidBy: `staff:${finance.id}`, manual: true, note: 'Оплата наличными в офисе' } }]);
    expect(await logged('invoice.marked_paid')).toMatchObject([{ staffId: finance.id, subjectId: invoice.id, detail: { invoice: invoice.number } }]);

    // Again: nothing changes, and the desk says why.
    const again = await markPaid(finance.cookie);
    expect(again.headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?error=invoiceNotOpen`);
    expect(await db().select().from(invoiceEvents).where(eq(invoiceEvents.event, 'paid'))).toHaveLength(1);
    expect(await logged('invoice.marked_paid')).toHaveLength(1);
    // A day ahead of today is refused.
    const other = await issued(db());
    const ahead = await invoiceAction(deskForm(`/api/desk/invoices/${other.id}`, { action: 'markPaid', paid_on: '2999-01-01' }, finance.cookie), params(other.id));
    expect(ahead.headers.get('location')).toBe(`/en/desk/invoices/${other.id}?error=badPaidOn`);
  });

  it('cancels an invoice awaiting payment with a reason (sales may), never editing it', async () => {
    const invoice = await issued(db());
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
    const path = `/api/desk/invoices/${invoice.id}`;
    const cancel = (reason: string) => invoiceAction(deskForm(path, { action: 'cancel', reason }, sales.cookie), params(invoice.id));
    expect((await cancel('   ')).headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?error=reasonRequired`);
    const before = await invoiceRow(invoice.id);
    expect((await cancel('Клиент оформил новый счёт на другое юрлицо')).headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?done=invoiceCancelled`);
    const after = await invoiceRow(invoice.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelledBy: `staff:${sales.id}`, cancelReason: 'Клиент оформил новый счёт на другое юрлицо' });
    expect({ ...after, status: before.status, cancelledAt: null, cancelledBy: null, cancelReason: null }).toEqual(before);
    expect(await db().select().from(invoiceEvents).where(eq(invoiceEvents.event, 'cancelled'))).toMatchObject([{ actor: `staff:${sales.id}`, detail: { reason: 'Клиент оформил новый счёт на другое юрлицо' } }]);
    expect(await logged('invoice.cancelled')).toMatchObject([{ staffId: sales.id, subjectId: invoice.id }]);
    // Cancelled stays cancelled: neither cancelled again nor paid.
    expect((await cancel('ещё раз')).headers.get('location')).toBe(`/en/desk/invoices/${invoice.id}?error=invoiceNotOpen`);
    const admin = await signedInStaff(db(), 'boss@example.com', 'admin');
    const paid = await invoiceAction(jsonRequest(path, { action: 'markPaid' }, { lang: 'en', headers: { cookie: admin.cookie, ...SAME_ORIGIN } }), params(invoice.id));
    expect(paid.status).toBe(409);
    expect((await invoiceRow(invoice.id)).status).toBe('cancelled');
  });

  it('lets finance decide a payment no invoice took; sales only see it', async () => {
    const invoice = await issued(db());
    const finance = await signedInStaff(db(), 'finance@example.com', 'finance');
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
    await importStatement(upload(new TextEncoder().encode(statementText([paying(invoice, '7', { purpose: 'Оплата подписки' })])), finance.cookie));
    const [payment] = await db().select().from(payments);
    expect(payment!.status).toBe('unmatched');
    const assign = (cookie: string, number: string) => paymentAction(deskForm(`/api/desk/payments/${payment!.id}`, { action: 'assign', invoice: number, back: '/en/desk/invoices' }, cookie), params(payment!.id));
    expect((await assign(sales.cookie, invoice.number)).headers.get('location')).toBe('/en/desk/invoices?error=forbidden');
    // The number as a person types it.
    const done = await assign(finance.cookie, `№ ${invoice.number.replace(/-0+/, '-')}`);
    expect(done.headers.get('location')).toBe('/en/desk/invoices?done=paymentAssigned');
    expect((await invoiceRow(invoice.id)).paidBy).toBe(`payment:${payment!.id}`);
    expect(await logged('payment.assigned')).toMatchObject([{ staffId: finance.id, subjectId: payment!.id, detail: { invoice: invoice.number } }]);
    expect((await assign(finance.cookie, invoice.number)).headers.get('location')).toBe('/en/desk/invoices?error=paymentDecided');
  });
});
