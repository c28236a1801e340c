import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoiceEvents, invoices, leads, users, type InvoiceRow } from '@/db/schema';
import { staffNames } from './staff-name';
import { isUuid } from '@/lib/uuid.mjs';

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}

/** The invoice a lead of kind `invoice` was made for. */
export async function invoiceOfLead(db: Db, leadId: string): Promise<Pick<InvoiceRow, 'id' | 'number' | 'status'> | undefined> {
  const [row] = await db.select({ id: invoices.id, number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.leadId, leadId)).limit(1);
  return row;
}

/** The lead sales got for the invoice: its number and name, for the link. */
export async function leadOfInvoice(db: Db, leadId: string | null) {
  if (!leadId) return undefined;
  const [row] = await db.select({ id: leads.id, number: leads.number, name: leads.name }).from(leads).where(eq(leads.id, leadId)).limit(1);
  return row;
}

/** The invoice's history, oldest first. */
export function invoiceHistory(db: Db, invoiceId: string) {
  return db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoiceId)).orderBy(asc(invoiceEvents.at), asc(invoiceEvents.id));
}

/**
 * Who `staff:<id>` and `customer:<id>` actors are: a staff member's shown name, a customer's e-mail (an account since deleted has
 * none and is shown as the actor it was).
 */
export async function actorEmails(db: Db, actors: Array<string | null>): Promise<Map<string, string>> {
  const ids = (prefix: string) => [...new Set(actors.filter((actor): actor is string => Boolean(actor?.startsWith(prefix))).map((actor) => actor.slice(prefix.length)))].filter(isUuid);
  const [staffIds, userIds] = [ids('staff:'), ids('customer:')];
  const emails = new Map<string, string>();
  // Staff by their shown name (staff-name.ts), customers by e-mail.
  for (const [id, name] of await staffNames(db, staffIds)) emails.set(`staff:${id}`, name);
  if (userIds.length) for (const row of await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds))) emails.set(`customer:${row.id}`, row.email);
  return emails;
}
