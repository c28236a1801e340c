import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { invoices, subscriptions } from '@/db/schema';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { getDb } from '../database';
import { documentOf } from './invoice-view';
import { isUuid } from '@/lib/uuid.mjs';

/** The account's invoices, newest first. */
export async function invoicesOfUser(userId: string, limit = 200): Promise<InvoiceDocument[]> {
  const db = await getDb();
  const rows = await db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.seq)).limit(limit);
  return rows.map(documentOf);
}

/** One of the account's invoices; another account's, or a malformed id, is none (a 404 for the caller). */
export async function invoiceOfUser(userId: string, id: string): Promise<InvoiceDocument | undefined> {
  if (!isUuid(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId))).limit(1);
  return row ? documentOf(row) : undefined;
}

/** The account's subscriptions with the number of the invoice that paid each, latest end first. */
export async function subscriptionsOfUser(userId: string) {
  const db = await getDb();
  const rows = await db
    .select({ product: subscriptions.product, seats: subscriptions.seats, brands: subscriptions.brands, from: subscriptions.startsOn, until: subscriptions.endsOn, invoice: invoices.number })
    .from(subscriptions)
    .innerJoin(invoices, eq(invoices.id, subscriptions.invoiceId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.endsOn), subscriptions.product);
  return rows;
}

/** An invoice by its id, whoever's it is (a signed link names it); a malformed id is none. */
export async function invoiceById(id: string): Promise<InvoiceDocument | undefined> {
  if (!isUuid(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ? documentOf(row) : undefined;
}
