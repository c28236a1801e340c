import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoiceEvents, invoices, payments, type InvoiceRow, type PaymentRow } from '@/db/schema';
import { kopecksOf } from '@/lib/billing/invoice';
import { getDb } from '../database';
import { wakeOutbox } from '../outbox/worker';
import { markInvoicePaid } from './activation';
import { moscowDay } from './calendar';
import { paymentRecord, type YookassaPayment } from './yookassa';
import { isUuid } from '@/lib/uuid.mjs';

/**
 * What a payment fetched back from YooKassa did: `paid` the invoice; `mismatch` (money came that
 * the invoice cannot take: another sum, or the invoice already paid or cancelled; kept for a
 * person to decide); `canceled`; `unchanged` (already recorded, or not settled yet); `ignored`
 * (it names no invoice of this site).
 */
export type CardOutcome = 'paid' | 'mismatch' | 'canceled' | 'unchanged' | 'ignored';

/** When the money was taken: YooKassa's `captured_at`, else now. */
function capturedAt(payment: YookassaPayment): Date {
  const at = payment.captured_at ? new Date(payment.captured_at) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** The payment's row as YooKassa has it now (keyed by source and YooKassa's id). */
async function recordPayment(tx: Db, payment: YookassaPayment, invoiceId: string, status: string): Promise<PaymentRow> {
  const values = {
    invoiceId,
    status,
    amountKopecks: kopecksOf(payment.amount.value) ?? 0,
    currency: payment.amount.currency,
    paidOn: payment.status === 'succeeded' ? moscowDay(capturedAt(payment)) : null,
    raw: paymentRecord(payment),
  };
  const [row] = await tx
    .insert(payments)
    .values({ source: 'yookassa', externalId: payment.id, ...values })
    .onConflictDoUpdate({ target: [payments.source, payments.externalId], set: values })
    .returning();
  return row!;
}

/** A succeeded payment: pays the invoice when it is issued and the sum and currency are exactly its own. */
async function settleSucceeded(tx: Db, payment: YookassaPayment, invoice: InvoiceRow): Promise<CardOutcome> {
  const exact = payment.paid && payment.amount.currency === 'RUB' && kopecksOf(payment.amount.value) === invoice.totalKopecks;
  if (invoice.status === 'issued' && exact) {
    const row = await recordPayment(tx, payment, invoice.id, 'succeeded');
    await markInvoicePaid(tx, invoice.id, { paidBy: `payment:${row.id}`, actor: 'yookassa', paidAt: capturedAt(payment), detail: { paymentId: payment.id } });
    return 'paid';
  }
  await recordPayment(tx, payment, invoice.id, 'mismatch');
  const reason = exact ? `invoice ${invoice.status}` : 'amount';
  await tx.insert(invoiceEvents).values({ invoiceId: invoice.id, actor: 'yookassa', event: 'payment.mismatch', detail: { paymentId: payment.id, amount: payment.amount.value, currency: payment.amount.currency, reason } });
  return 'mismatch';
}

/**
 * Applies a payment as fetched back from YooKassa (never as a notification's body says), in one
 * transaction, the invoice's row locked so that a statement or a person marking it paid waits:
 * only a change of the payment's state does anything, so a repeated or late notification changes
 * nothing.
 */
export async function applyYookassaPayment(payment: YookassaPayment): Promise<CardOutcome> {
  const invoiceId = payment.metadata?.invoice_id;
  if (!isUuid(invoiceId)) return 'ignored';
  if (payment.status !== 'succeeded' && payment.status !== 'canceled') return 'unchanged';
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<CardOutcome> => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) return 'ignored';
    const [recorded] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.source, 'yookassa'), eq(payments.externalId, payment.id)));
    // Settled once: a succeeded payment is never undone here (refunds are YooKassa's, by a person).
    if (recorded && recorded.status !== 'pending') return 'unchanged';
    if (payment.status === 'succeeded') return settleSucceeded(tx, payment, invoice);
    await recordPayment(tx, payment, invoice.id, 'canceled');
    await tx.insert(invoiceEvents).values({ invoiceId: invoice.id, actor: 'yookassa', event: 'payment.canceled', detail: { paymentId: payment.id, reason: payment.cancellation_details?.reason ?? null } });
    return 'canceled';
  });
  // The activations were queued inside this transaction: the worker can see them only now.
  if (outcome === 'paid') wakeOutbox();
  return outcome;
}

