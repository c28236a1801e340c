import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

/** `2026-000123`: the year and the place in it, six digits (a year of more is still unique). */
export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;

/**
 * The next number of a year, inside the transaction that stores the invoice: the year's counter row
 * is taken and locked by the upsert until that transaction ends, so a second instance's invoice
 * waits for it and gets the next number; a rollback gives the number back. No gaps, no repeats.
 */
export async function allotInvoiceSeq(tx: Db, year: number): Promise<number> {
  const result = (await tx.execute(
    sql`insert into invoice_counters (year, last) values (${year}, 1) on conflict (year) do update set last = invoice_counters.last + 1 returning last`,
  )) as unknown as { rows: Array<{ last: number }> };
  return Number(result.rows[0]!.last);
}
