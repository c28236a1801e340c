import 'server-only';
import { getDb } from '@/server/database';
import { safely } from '../http/safely';
import { moscowDay } from '../billing/calendar';
import { cancelInvoice, markPaidByStaff } from '../billing/invoice-changes';
import { backPath } from './desk-paths';
import { deskOutcomeResponse, type DeskOutcome } from './desk-outcome';
import { deskRefusal, guardDeskPost, type DeskContext } from './desk-request';
import { findInvoice } from './invoice-detail';
import { may, type DeskPermission } from './permissions';
import { recordSecurityEvent } from './security-log';
import { stepUpRefusal } from './step-up';
import { isUuid } from '@/lib/uuid.mjs';

const MAX_TEXT = 500;
const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : '');

/** What each action needs: marking paid is money (finance, admins); cancelling is sales' too. */
const NEEDS: Record<string, DeskPermission> = { markPaid: 'handleMoney', cancel: 'cancelInvoices' };

async function act(ctx: DeskContext, invoiceId: string): Promise<DeskOutcome> {
  const db = await getDb();
  const invoice = await findInvoice(db, invoiceId);
  if (!invoice) return { status: 404, key: 'notFound' };
  const log = { staffId: ctx.staff.id, subjectId: invoice.id, ...ctx.meta };
  if (ctx.body.action === 'markPaid') {
    const today = moscowDay();
    const day = text(ctx.body.paid_on) || today;
    // The day the money came: a real day, not before the invoice and not ahead of today.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)) || day > today || day < invoice.issuedOn) return { status: 400, key: 'badPaidOn', field: 'paid_on' };
    const paid = await markPaidByStaff(db, invoice.id, ctx.staff.id, day, text(ctx.body.note) || undefined);
    if (!paid.changed) return { status: 409, key: 'invoiceNotOpen' };
    await recordSecurityEvent('invoice.marked_paid', { ...log, detail: { invoice: invoice.number, day } }, db);
    return { done: 'invoiceMarkedPaid' };
  }
  if (ctx.body.action === 'cancel') {
    const reason = text(ctx.body.reason);
    if (!reason) return { status: 400, key: 'reasonRequired', field: 'reason' };
    const cancelled = await cancelInvoice(db, invoice.id, { actor: `staff:${ctx.staff.id}`, reason });
    if (!cancelled) return { status: 409, key: 'invoiceNotOpen' };
    await recordSecurityEvent('invoice.cancelled', { ...log, detail: { invoice: invoice.number } }, db);
    return { done: 'invoiceCancelled' };
  }
  return { status: 400, key: 'invalidInput' };
}

/**
 * POST /api/desk/invoices/{id}: `action=markPaid` (finance and admins, with a password or code
 * given within the last minutes; optional `paid_on` day and `note`) or `action=cancel` with a
 * `reason` (sales too). Only an invoice awaiting payment changes; each change is in its history
 * and in the security log with who and when.
 */
export async function invoiceAction(request: Request, invoiceId: string): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = backPath(ctx.body.back, ctx.locale, isUuid(invoiceId) ? `invoices/${invoiceId}` : 'invoices');
  const needed = NEEDS[String(ctx.body.action)];
  if (needed && !may(ctx.staff.role, needed)) return deskRefusal(403, 'forbidden', ctx.locale, ctx.form, back);
  if (ctx.body.action === 'markPaid') {
    const stale = stepUpRefusal(ctx, back);
    if (stale) return stale;
  }
  return safely(ctx.locale, async () => deskOutcomeResponse(ctx, back, await act(ctx, invoiceId)));
}
