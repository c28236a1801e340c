import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoices, payments } from '@/db/schema';
import { markInvoicePaid } from './activation';
import { moscowNoon } from './statement-import';

/** The payments a person is to decide: a transfer nobody's invoice took, or one naming an invoice that does not fit. */
export const UNDECIDED = ['unmatched', 'mismatch'] as const;

export type Decision = 'assigned' | 'ignored' | 'notFound' | 'decided' | 'invoiceNotFound' | 'invoiceNotOpen';

/**
 * A person takes an undecided payment as the payment of an invoice (by its number) still awaiting
 * payment: the invoice is marked paid by that payment, from the day the money came, with the person
 * as the actor; the payment records who decided and when. One transaction: two people deciding at
 * once, or a payment decided already, change nothing twice.
 */
export async function assignPayment(db: Db, paymentId: string, number: string, staffId: string): Promise<Decision> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!payment) return 'notFound';
    if (!(UNDECIDED as readonly string[]).includes(payment.status)) return 'decided';
    const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number.trim())).limit(1);
    if (!invoice) return 'invoiceNotFound';
    const actor = `staff:${staffId}`;
    const paidAt = payment.paidOn ? moscowNoon(payment.paidOn) : new Date();
    const paid = await markInvoicePaid(tx, invoice.id, { paidBy: `payment:${payment.id}`, actor, paidAt, detail: { payment: payment.id, decided: true } });
    if (!paid.changed) return 'invoiceNotOpen';
    await tx.update(payments).set({ status: 'matched', invoiceId: invoice.id, decidedAt: sql`now()`, decidedBy: actor }).where(eq(payments.id, payment.id));
    return 'assigned';
  });
}

/** A person sets an undecided payment aside (not a customer's payment for an invoice), with who and when. */
export async function ignorePayment(db: Db, paymentId: string, staffId: string): Promise<Decision> {
  const [row] = await db
    .update(payments)
    .set({ status: 'ignored', decidedAt: sql`now()`, decidedBy: `staff:${staffId}` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...UNDECIDED])))
    .returning({ id: payments.id });
  if (row) return 'ignored';
  const [exists] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return exists ? 'decided' : 'notFound';
}
