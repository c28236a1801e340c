import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoices, type InvoiceRow } from '@/db/schema';
import { invoiceNumber } from './numbering';

/**
 * Invoice numbers a payment's purpose names, as the invoice prints them (`2026-000123`) and as
 * people retype them: after `№` or `N`, with the leading zeros dropped (`2026-123`), with a dash of
 * another kind, a slash or spaces around it (`2026 – 123`, `2026/123`); not the tail of a date or
 * of another number (`15.05.2026-1`, `12-2026-5`). A year is 20xx and the number is at least 1, so a sum written `2050-50` may be read as a number too: only numbers that
 * exist as invoices count (`namedInvoices`).
 */
export function invoiceNumbersIn(purpose: string): string[] {
  const found: string[] = [];
  for (const match of purpose.matchAll(/(?<![\d./-])(20\d{2}) ?[-‐‑–—/] ?(\d{1,9})(?!\d)/g)) {
    const seq = Number(match[2]);
    if (seq < 1) continue;
    const number = invoiceNumber(Number(match[1]), seq);
    if (!found.includes(number)) found.push(number);
  }
  return found;
}

/** The invoices a purpose names, in the order it names them. */
export async function namedInvoices(db: Db, purpose: string): Promise<InvoiceRow[]> {
  const numbers = invoiceNumbersIn(purpose);
  if (!numbers.length) return [];
  const rows = await db.select().from(invoices).where(inArray(invoices.number, numbers));
  return numbers.map((number) => rows.find((row) => row.number === number)).filter((row): row is InvoiceRow => Boolean(row));
}

/** Why a payment that names an invoice is not taken as its payment. */
type MismatchReason = 'sum' | 'inn' | 'paid' | 'cancelled';

export type Verdict = { kind: 'matched'; invoice: InvoiceRow } | { kind: 'mismatch'; invoice: InvoiceRow; reasons: MismatchReason[] } | { kind: 'unmatched' };

function reasonsAgainst(payment: { amountKopecks: number; payerInn: string }, invoice: InvoiceRow): MismatchReason[] {
  const reasons: MismatchReason[] = [];
  if (invoice.status === 'paid') reasons.push('paid');
  if (invoice.status === 'cancelled') reasons.push('cancelled');
  if (payment.amountKopecks !== invoice.totalKopecks) reasons.push('sum');
  if (payment.payerInn !== invoice.buyer.inn) reasons.push('inn');
  return reasons;
}

/**
 * A payment against the invoices its purpose names: the one still awaiting payment whose buyer's
 * INN is the payer's and whose total is the exact sum is `matched`; else the first named one is a
 * `mismatch` with its reasons, for a person to decide; naming none is `unmatched`.
 */
export function judgePayment(payment: { amountKopecks: number; payerInn: string }, named: readonly InvoiceRow[]): Verdict {
  for (const invoice of named) if (!reasonsAgainst(payment, invoice).length) return { kind: 'matched', invoice };
  const [first] = named;
  return first ? { kind: 'mismatch', invoice: first, reasons: reasonsAgainst(payment, first) } : { kind: 'unmatched' };
}
