import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { payments, statementImports, type StatementCounts, type StatementImport } from '@/db/schema';
import { wakeOutbox } from '../outbox/worker';
import { markInvoicePaid } from './activation';
import { parseBankStatement, type StatementPayment, type StatementProblem } from './bank-statement';
import { judgePayment, namedInvoices } from './statement-match';

/** Midday in Moscow of a day: an instant whose Moscow day is that day, whatever the server's zone. */
export const moscowNoon = (day: string) => new Date(`${day}T12:00:00+03:00`);

/**
 * A statement line's key: the account, date, number, sum and payer's INN of its document. The same
 * line in another statement (yesterday's and this week's overlap) has the same key.
 */
const statementKey = (payment: StatementPayment) => [payment.payeeAccount, payment.date, payment.number, payment.amountKopecks, payment.payerInn].join('|');

type Outcome = 'matched' | 'unmatched' | 'mismatch' | 'repeated';

/**
 * One line, in one transaction: its payments row (a line already there is `repeated`, nothing
 * done), then the verdict; a match marks the invoice paid by that row, from the day the money
 * came (`ДатаПоступило`, else the document's date). An invoice another payment paid in the meantime
 * makes this one a mismatch.
 */
async function importPayment(db: Db, payment: StatementPayment, importId: string): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const paidOn = payment.creditedOn ?? payment.date;
    const document = { kind: payment.kind, number: payment.number, date: payment.date, payerAccount: payment.payerAccount, payeeAccount: payment.payeeAccount, payeeInn: payment.payeeInn };
    const [row] = await tx
      .insert(payments)
      .values({ source: 'statement', externalId: statementKey(payment), status: 'unmatched', amountKopecks: payment.amountKopecks, payerInn: payment.payerInn || null, payerName: payment.payerName || null, purpose: payment.purpose, paidOn, raw: { document, importId } })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!row) return 'repeated';
    const verdict = judgePayment(payment, await namedInvoices(tx, payment.purpose));
    if (verdict.kind === 'unmatched') return 'unmatched';
    if (verdict.kind === 'matched') {
      const paid = await markInvoicePaid(tx, verdict.invoice.id, { paidBy: `payment:${row.id}`, actor: 'statement', paidAt: moscowNoon(paidOn), detail: { payment: row.id, document: payment.number } });
      if (paid.changed) {
        await tx.update(payments).set({ status: 'matched', invoiceId: verdict.invoice.id }).where(eq(payments.id, row.id));
        return 'matched';
      }
    }
    const reasons = verdict.kind === 'mismatch' ? verdict.reasons : ['paid'];
    await tx
      .update(payments)
      .set({ status: 'mismatch', invoiceId: verdict.invoice.id, raw: { document, importId, reasons } })
      .where(eq(payments.id, row.id));
    return 'mismatch';
  });
}

export type ImportResult = { ok: true; record: StatementImport } | { ok: false; problem: StatementProblem; line?: number };

/**
 * Imports a statement uploaded in the desk: its incoming payments to `account` (the seller's) each
 * stored once (src/server/billing/statement-match.ts decides which invoice it pays), the upload
 * recorded with its counts. The same statement again changes nothing: its lines are `repeated`.
 */
export async function importStatement(db: Db, file: { content: Uint8Array | string; name?: string }, account: string, staffId?: string): Promise<ImportResult> {
  const parsed = parseBankStatement(file.content, account);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, line: parsed.line };
  const id = randomUUID();
  const counts: StatementCounts = { new: 0, matched: 0, unmatched: 0, mismatch: 0, repeated: 0, skipped: parsed.skipped };
  for (const payment of parsed.payments) {
    const outcome = await importPayment(db, payment, id);
    counts[outcome] += 1;
    if (outcome !== 'repeated') counts.new += 1;
  }
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const [record] = await db
    .insert(statementImports)
    .values({ id, staffId, fileName: file.name?.slice(0, 255) || null, sha256, encoding: parsed.encoding, counts })
    .returning();
  if (counts.matched) wakeOutbox();
  return { ok: true, record: record! };
}
