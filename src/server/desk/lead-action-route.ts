import 'server-only';
import { getDb } from '@/server/database';
import { jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { backPath, withParam } from './desk-paths';
import { deskRefusal, guardDeskPost, type DeskContext } from './desk-request';
import { LEAD_STATUSES, type LeadStatus } from './lead-filter';
import { compactSoon } from './erasure-compaction';
import { changeLeadStatus, eraseLeadOnRequest, findLead, retryLeadDelivery, saveLeadNote } from './lead-work';
import { getEnv } from '../env';
import { parseDeskLocal, setLeadCallback } from './lead-callback';
import { claimForWork, handOverLead, takeLead, type OwnerRefusal } from './lead-owner-actions';
import { may } from './permissions';
import { recordSecurityEvent } from './security-log';
import { stepUpRefusal } from './step-up';
import { isUuid } from '@/lib/uuid.mjs';

const MAX_NOTE = 2000;
const noteOf = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, MAX_NOTE) : '');
const isStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);

/** What one action did: a notice key for the page, or a refusal. */
type Outcome = { done: string } | { status: number; key: 'invalidInput' | 'notFound' | 'forbidden' | 'notYourLead' };

async function act(ctx: DeskContext, leadId: string): Promise<Outcome> {
  const db = await getDb();
  const lead = await findLead(db, leadId);
  if (!lead) return { status: 404, key: 'notFound' };
  const { action, status } = ctx.body;
  const note = noteOf(ctx.body.note);
  switch (action) {
    case 'status':
    case 'note': {
      if (action === 'status' && !isStatus(status)) return { status: 400, key: 'invalidInput' };
      if (action === 'note' && !note) return { status: 400, key: 'invalidInput' };
      const refused = await claimForWork(db, ctx, lead);
      if (refused) return refused;
      if (action === 'note') {
        await saveLeadNote(db, leadId, ctx.staff, note);
        return { done: 'noteSaved' };
      }
      await changeLeadStatus(db, leadId, ctx.staff, status as LeadStatus, note || undefined);
      return { done: 'statusChanged' };
    }
    case 'callback': {
      // An empty time clears it; anything else must be a wall time of the desk's zone.
      const raw = typeof ctx.body.callbackAt === 'string' ? ctx.body.callbackAt.trim() : '';
      const at = raw ? parseDeskLocal(raw, getEnv().DESK_WORKING_HOURS) : null;
      if (at === undefined) return { status: 400, key: 'invalidInput' };
      const refused = await claimForWork(db, ctx, lead);
      if (refused) return refused;
      await setLeadCallback(db, leadId, ctx.staff, at);
      return { done: at ? 'callbackSet' : 'callbackCleared' };
    }
    case 'take':
      return ownerOutcome(await takeLead(db, ctx, lead), 'taken');
    case 'handover':
      return ownerOutcome(await handOverLead(db, ctx, lead, ctx.body.owner), 'handedOver');
    case 'retry':
      return { done: (await retryLeadDelivery(db, leadId, ctx.staff)) ? 'retried' : 'nothingToRetry' };
    case 'erase':
      if (ctx.body.confirm !== 'yes') return { status: 400, key: 'invalidInput' };
      if (await eraseLeadOnRequest(db, leadId, ctx.staff)) void compactSoon();
      await recordSecurityEvent('lead.erased', { staffId: ctx.staff.id, ...ctx.meta, detail: { leadId } }, db);
      return { done: 'erased' };
    default:
      return { status: 400, key: 'invalidInput' };
  }
}

const ownerOutcome = (refusal: OwnerRefusal | undefined | 'same', done: string): Outcome => (refusal === 'same' ? { done: 'alreadyOwner' } : refusal ?? { done });

/**
 * POST /api/desk/leads/{id}: `action` = status (with `status`, optional `note`), note, callback
 * (`callbackAt`: a `datetime-local` in the desk's zone, empty to clear), take, handover (with
 * `owner`, a staff id), retry, erase (`confirm=yes`; admins only, with a password or code given
 * within the last minutes). Status, note and callback: admins on any lead, sales on their own (an
 * unowned one becomes theirs), finance on none; who owns what: src/server/desk/lead-owner-actions.ts.
 */
export async function leadAction(request: Request, leadId: string): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = backPath(ctx.body.back, ctx.locale, isUuid(leadId) ? `leads/${leadId}` : '');
  if (ctx.body.action === 'erase') {
    if (!may(ctx.staff.role, 'eraseLeads')) return deskRefusal(403, 'forbidden', ctx.locale, ctx.form, back);
    const stale = stepUpRefusal(ctx, back);
    if (stale) return stale;
  }
  return safely(ctx.locale, async () => {
    const outcome = isUuid(leadId) ? await act(ctx, leadId) : ({ status: 404, key: 'notFound' } as const);
    if ('status' in outcome) return deskRefusal(outcome.status, outcome.key, ctx.locale, ctx.form, back);
    return ctx.form ? seeOther(withParam(back, 'done', outcome.done)) : jsonOk({ done: outcome.done });
  });
}
