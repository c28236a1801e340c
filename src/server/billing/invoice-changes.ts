import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoiceEvents, invoices, type InvoiceRow } from '@/db/schema';
import { markInvoicePaid } from './activation';
import { moscowDay } from './calendar';
import { moscowNoon } from './statement-import';

/**
 * Cancels an invoice still awaiting payment, with the reason and who did it, in its history. Its
 * number, lines and amounts stay as issued (an invoice is never renumbered or edited); a paid or
 * cancelled one is left as it is (undefined).
 */
export async function cancelInvoice(db: Db, invoiceId: string, change: { actor: string; reason: string }): Promise<InvoiceRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: change.actor, cancelReason: change.reason })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'issued')))
      .returning();
    if (row) await tx.insert(invoiceEvents).values({ invoiceId, actor: change.actor, event: 'cancelled', detail: { reason: change.reason } });
    return row;
  });
}

/**
 * A person marks an invoice paid (money seen outside the statements): paid by and recorded as
 * `staff:<id>`, from the day they give (today: now). Idempotent as markInvoicePaid is.
 */
export async function markPaidByStaff(db: Db, invoiceId: string, staffId: string, day: string, note?: string) {
  const actor = `staff:${staffId}`;
  const paidAt = day === moscowDay() ? new Date() : moscowNoon(day);
  return markInvoicePaid(db, invoiceId, { paidBy: actor, actor, paidAt, detail: { manual: true, ...(note ? { note } : {}) } });
}
