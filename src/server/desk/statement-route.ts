import 'server-only';
import { getDb } from '@/server/database';
import { getEnv } from '../env';
import type { UploadedFile } from '../http/read-body';
import { safely } from '../http/safely';
import { assignPayment, ignorePayment, type Decision } from '../billing/payment-decisions';
import { importStatement } from '../billing/statement-import';
import { invoiceNumbersIn } from '../billing/statement-match';
import { backPath, deskPath } from './desk-paths';
import { deskOutcomeResponse, type DeskOutcome } from './desk-outcome';
import { deskRefusal, guardDeskPost, guardDeskUpload, type DeskContext } from './desk-request';
import { may } from './permissions';
import { recordSecurityEvent } from './security-log';
import { isUuid } from '@/lib/uuid.mjs';

/** A month of a busy account's statement is well under this. */
const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

const isFile = (value: unknown): value is UploadedFile => typeof value === 'object' && value !== null && (value as UploadedFile).bytes instanceof Uint8Array;

/** The statement's content: the form's file (`statement`), or its text sent as JSON (`text`). */
function statementOf(body: Record<string, unknown>): { content: Uint8Array | string; name?: string } | undefined {
  if (isFile(body.statement) && body.statement.bytes.length) return { content: body.statement.bytes, name: body.statement.name };
  if (typeof body.text === 'string' && body.text.trim()) return { content: body.text, name: typeof body.name === 'string' ? body.name : undefined };
  return undefined;
}

async function importFrom(ctx: DeskContext): Promise<DeskOutcome> {
  const account = getEnv().SELLER_ACCOUNT;
  if (!account) return { status: 409, key: 'sellerAccountUnset', apiKey: 'purchaseOff' };
  const file = statementOf(ctx.body);
  if (!file) return { status: 400, key: 'statementMissing', field: 'statement' };
  const imported = await importStatement(await getDb(), file, account, ctx.staff.id);
  if (!imported.ok) return { status: 400, key: `statement_${imported.problem}`, values: { line: String(imported.line ?? '') }, field: 'statement' };
  const { record } = imported;
  return { done: 'statementImported', params: { import: record.id }, result: { import: { id: record.id, encoding: record.encoding, counts: record.counts } } };
}

/**
 * POST /api/desk/invoices/import?locale=: a bank statement (1CClientBankExchange) as the form's
 * file `statement` (multipart) or JSON `{ text }`; finance and admins. Answers the import's counts.
 */
export async function statementImportAction(request: Request): Promise<Response> {
  const guarded = await guardDeskUpload(request, { may: 'handleMoney', limit: MAX_STATEMENT_BYTES, page: 'invoices' });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  return safely(ctx.locale, async () => deskOutcomeResponse(ctx, deskPath(ctx.locale, 'invoices'), await importFrom(ctx)));
}

const DECIDED: Record<Decision, DeskOutcome> = {
  assigned: { done: 'paymentAssigned' },
  ignored: { done: 'paymentIgnored' },
  notFound: { status: 404, key: 'notFound' },
  decided: { status: 409, key: 'paymentDecided' },
  invoiceNotFound: { status: 400, key: 'invoiceNotFound', field: 'invoice' },
  invoiceNotOpen: { status: 409, key: 'invoiceNotOpen', field: 'invoice' },
};

async function decide(ctx: DeskContext, paymentId: string): Promise<DeskOutcome> {
  const db = await getDb();
  const log = { staffId: ctx.staff.id, subjectId: paymentId, ...ctx.meta };
  if (ctx.body.action === 'assign') {
    const typed = typeof ctx.body.invoice === 'string' ? ctx.body.invoice.slice(0, 100) : '';
    // The number as people type it (`2026-123`, `№ 2026-000123`), read as statements are.
    const number = invoiceNumbersIn(typed)[0];
    if (!number) return { status: 400, key: 'invoiceNotFound', field: 'invoice' };
    const decision = await assignPayment(db, paymentId, number, ctx.staff.id);
    if (decision === 'assigned') await recordSecurityEvent('payment.assigned', { ...log, detail: { invoice: number } }, db);
    return DECIDED[decision];
  }
  if (ctx.body.action === 'ignore') {
    const decision = await ignorePayment(db, paymentId, ctx.staff.id);
    if (decision === 'ignored') await recordSecurityEvent('payment.ignored', log, db);
    return DECIDED[decision];
  }
  return { status: 400, key: 'invalidInput' };
}

/**
 * POST /api/desk/payments/{id}: a person decides a payment no invoice took (finance and admins):
 * `action=assign` with `invoice` (its number: the invoice is marked paid by this payment) or
 * `action=ignore`; who and when are recorded, and each decision is in the security log.
 */
export async function paymentAction(request: Request, paymentId: string): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = backPath(ctx.body.back, ctx.locale, 'invoices');
  if (!may(ctx.staff.role, 'handleMoney')) return deskRefusal(403, 'forbidden', ctx.locale, ctx.form, back);
  return safely(ctx.locale, async () => deskOutcomeResponse(ctx, back, isUuid(paymentId) ? await decide(ctx, paymentId) : DECIDED.notFound));
}
