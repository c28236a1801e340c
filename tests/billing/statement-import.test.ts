import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceEvents, invoices, outboxMessages, payments, statementImports, subscriptions } from '@/db/schema';
import { cancelInvoice } from '@/server/billing/invoice-changes';
import { assignPayment, ignorePayment } from '@/server/billing/payment-decisions';
import { importStatement } from '@/server/billing/statement-import';
import { setEnvForTests } from '@/server/env';
import { createStaff } from '@/server/desk/staff';
import { SELLER_SETTINGS } from '../support/seller.mjs';
import { singleByte, statementText } from '../support/statement';
import { testDatabases, useTestDb } from '../support/test-db';
import { billingSettings, emptyBilling, issued, paying } from './desk-billing-support';

const ACCOUNT = SELLER_SETTINGS.SELLER_ACCOUNT;
const OTHER = { inn: '7728168971', kpp: '770801001', name: 'АО «Альфа-Банк»', address: '107078, г. Москва, ул. Каланчевская, д. 27' };

describe.each(testDatabases())('statement import on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  beforeEach(async () => {
    billingSettings();
    await emptyBilling(db());
  });
  afterAll(() => setEnvForTests());

  /** Every table an import may touch, to compare before and after. */
  const snapshot = async () => ({
    invoices: await db().select().from(invoices).orderBy(invoices.number),
    events: await db().select().from(invoiceEvents).orderBy(invoiceEvents.id),
    payments: await db().select().from(payments).orderBy(payments.externalId),
    subscriptions: await db().select().from(subscriptions).orderBy(subscriptions.id),
    outbox: await db().select().from(outboxMessages).orderBy(outboxMessages.id),
  });

  it('pays the invoice a line names by number, INN and exact sum; lists the others for a person; changes nothing when imported again', async () => {
    billingSettings({ WEBHOOK_URL: 'https://catalogue.example/hooks', WEBHOOK_SECRET: 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' });
    const [first, second, third] = [await issued(db()), await issued(db(), [{ product: 'vag', months: 1, seats: 1 }]), await issued(db(), [{ product: 'epc', months: 1, seats: 1 }])];
    const statement = statementText([
      // The buyer pays the first invoice (money credited three days later).
      paying(first, '105', { credited: '18.05.2026' }),
      // A transfer naming no invoice.
      { number: '106', date: '15.05.2026', sum: '5000.00', payerInn: OTHER.inn, payer: OTHER.name, purpose: 'Возврат займа по договору 14' },
      // The second invoice's number, less than its sum.
      paying(second, '107', { sum: '100.00' }),
      // The third invoice's number and sum, paid by another company.
      paying(third, '108', { payerInn: OTHER.inn, payer: OTHER.name }),
      // Outgoing from the seller: not an incoming payment.
      { number: '9', date: '16.05.2026', sum: '3000.00', payerInn: SELLER_SETTINGS.SELLER_INN, payer: 'ООО ЕПК Су', payerAccount: ACCOUNT, payeeAccount: '40702810900000000002', purpose: `Оплата по счёту ${first.number}` },
    ]);
    const bytes = singleByte(statement, 'windows-1251');
    const finance = await createStaff(db(), 'money@example.com', 'finance', 'lantern-copper-orbit-42');
    const staffId = finance.ok ? finance.id : undefined;

    const result = await importStatement(db(), { content: bytes, name: 'kl_to_1c.txt' }, ACCOUNT, staffId);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record).toMatchObject({ fileName: 'kl_to_1c.txt', encoding: 'windows-1251', staffId, counts: { new: 4, matched: 1, unmatched: 1, mismatch: 2, repeated: 0, skipped: 1 } });

    const rows = await db().select().from(payments);
    const byNumber = (number: string) => rows.find((row) => (row.raw?.document as { number: string }).number === number)!;
    const paid = byNumber('105');
    expect(paid).toMatchObject({ source: 'statement', status: 'matched', invoiceId: first.id, amountKopecks: first.totalKopecks, payerInn: first.buyer.inn, paidOn: '2026-05-18' });
    expect(paid.externalId).toBe(`${ACCOUNT}|2026-05-15|105|${first.totalKopecks}|${first.buyer.inn}`);
    const [paidInvoice] = await db().select().from(invoices).where(eq(invoices.id, first.id));
    expect(paidInvoice).toMatchObject({ status: 'paid', paidBy: `payment:${paid.id}` });
    // Paid on the day the money came, in Moscow.
    expect(paidInvoice!.paidAt!.toISOString()).toBe('2026-05-18T09:00:00.000Z');
    expect(await db().select().from(invoiceEvents).where(eq(invoiceEvents.event, 'paid'))).toMatchObject([{ invoiceId: first.id, actor: 'statement', detail: { paidBy: `payment:${paid.id}`, day: '2026-05-18' } }]);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.invoiceId, first.id))).toMatchObject([{ product: 'epc', seats: 2, startsOn: '2026-05-18' }]);
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'webhook-event'))).toHaveLength(1);

    expect(byNumber('106')).toMatchObject({ status: 'unmatched', invoiceId: null, payerName: OTHER.name, purpose: 'Возврат займа по договору 14' });
    expect(byNumber('107')).toMatchObject({ status: 'mismatch', invoiceId: second.id, raw: { reasons: ['sum'] } });
    expect(byNumber('108')).toMatchObject({ status: 'mismatch', invoiceId: third.id, raw: { reasons: ['inn'] } });
    for (const invoice of [second, third]) expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('issued');

    // The same statement again (and as UTF-8 this time): every line is known, nothing changes.
    const before = await snapshot();
    const again = await importStatement(db(), { content: new TextEncoder().encode(statement) }, ACCOUNT, staffId);
    expect(again.ok && again.record.counts).toEqual({ new: 0, matched: 0, unmatched: 0, mismatch: 0, repeated: 4, skipped: 1 });
    expect(await snapshot()).toEqual(before);
    // The upload itself is recorded (who uploaded what and when).
    expect(await db().select().from(statementImports)).toHaveLength(2);
  });

  it('takes a second payment of a paid invoice, or one of a cancelled invoice, as a mismatch', async () => {
    const invoice = await issued(db());
    await importStatement(db(), { content: statementText([paying(invoice, '1')]) }, ACCOUNT);
    // The customer paid twice: the second transfer is money to return, not a payment of anything.
    const twice = await importStatement(db(), { content: statementText([paying(invoice, '2', { date: '16.05.2026' })]) }, ACCOUNT);
    expect(twice.ok && twice.record.counts).toMatchObject({ new: 1, mismatch: 1 });
    expect(await db().select().from(payments).where(eq(payments.status, 'mismatch'))).toMatchObject([{ invoiceId: invoice.id, raw: { reasons: ['paid'] } }]);
    const dropped = await issued(db());
    await cancelInvoice(db(), dropped.id, { actor: 'staff:test', reason: 'заменён другим счётом' });
    await importStatement(db(), { content: statementText([paying(dropped, '3')]) }, ACCOUNT);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, dropped.id))).toMatchObject([{ status: 'mismatch', raw: { reasons: ['cancelled'] } }]);
    expect((await db().select().from(invoices).where(eq(invoices.id, dropped.id)))[0]!.status).toBe('cancelled');
  });

  it('refuses a malformed file, storing nothing', async () => {
    const invoice = await issued(db());
    const result = await importStatement(db(), { content: statementText([paying(invoice, '1')], { end: false }) }, ACCOUNT);
    expect(result).toEqual({ ok: false, problem: 'truncated', line: undefined });
    expect(await db().select().from(payments)).toHaveLength(0);
    expect(await db().select().from(statementImports)).toHaveLength(0);
  });

  it('lets a person take an undecided payment for an invoice, or set it aside, once, with who and when', async () => {
    const invoice = await issued(db());
    const member = await createStaff(db(), 'decider@example.com', 'finance', 'lantern-copper-orbit-42');
    const staffId = member.ok ? member.id : '';
    await importStatement(db(), { content: statementText([paying(invoice, '5', { purpose: 'Оплата за подписку EPC' }), paying(invoice, '6', { purpose: 'Ошибочный платёж' })]) }, ACCOUNT);
    const [unnamed, stray] = await db().select().from(payments).orderBy(payments.externalId);
    expect([unnamed!.status, stray!.status]).toEqual(['unmatched', 'unmatched']);

    expect(await assignPayment(db(), unnamed!.id, '2099-000001', staffId)).toBe('invoiceNotFound');
    expect(await assignPayment(db(), unnamed!.id, invoice.number, staffId)).toBe('assigned');
    const [taken] = await db().select().from(payments).where(eq(payments.id, unnamed!.id));
    expect(taken).toMatchObject({ status: 'matched', invoiceId: invoice.id, decidedBy: `staff:${staffId}` });
    expect(taken!.decidedAt).toBeInstanceOf(Date);
    expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]).toMatchObject({ status: 'paid', paidBy: `payment:${unnamed!.id}` });
    expect(await db().select().from(invoiceEvents).where(eq(invoiceEvents.event, 'paid'))).toMatchObject([{ actor: `staff:${staffId}`, detail: { payment: unnamed!.id, decided: true } }]);
    // Decided already; and an invoice already paid takes no second payment.
    expect(await assignPayment(db(), unnamed!.id, invoice.number, staffId)).toBe('decided');
    expect(await assignPayment(db(), stray!.id, invoice.number, staffId)).toBe('invoiceNotOpen');
    expect((await db().select().from(payments).where(eq(payments.id, stray!.id)))[0]!.status).toBe('unmatched');

    expect(await ignorePayment(db(), stray!.id, staffId)).toBe('ignored');
    expect((await db().select().from(payments).where(eq(payments.id, stray!.id)))[0]).toMatchObject({ status: 'ignored', decidedBy: `staff:${staffId}` });
    expect(await ignorePayment(db(), stray!.id, staffId)).toBe('decided');
    expect(await ignorePayment(db(), '00000000-0000-4000-8000-000000000000', staffId)).toBe('notFound');
  });
});
