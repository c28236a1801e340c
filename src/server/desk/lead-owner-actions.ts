import 'server-only';
import type { Db } from '@/db/client';
import type { DeskContext } from './desk-request';
import { changeOwner, mayOwnLeads, type OwnerChange } from './lead-owners';
import { may } from './permissions';
import { recordSecurityEvent, type SecurityEventName } from './security-log';
import { findStaffById } from './staff';

/** Why an owner action was refused (the page's error key). */
export type OwnerRefusal = { status: 403; key: 'forbidden' | 'notYourLead' } | { status: 400; key: 'invalidInput' } | { status: 404; key: 'notFound' };

type LeadOwner = { id: string; ownerId: string | null };

/** An owner change into the security log: who did it, to whom the lead went, from whom. */
async function logChange(db: Db, ctx: DeskContext, event: SecurityEventName, leadId: string, change: Extract<OwnerChange, { ok: true }>) {
  const detail: Record<string, string> = { leadId };
  if (change.from) detail.from = change.from;
  await recordSecurityEvent(event, { staffId: ctx.staff.id, subjectId: change.to, ...ctx.meta, detail }, db);
}

const refusalOf = (change: OwnerChange): OwnerRefusal | 'same' => {
  if (change.ok) throw new Error('not a refusal');
  if (change.reason === 'notFound') return { status: 404, key: 'notFound' };
  return change.reason === 'same' ? 'same' : { status: 403, key: 'notYourLead' };
};

/**
 * Before a status or a note: admins work any lead; sales their own, and an unowned one becomes
 * theirs (a take, in its history and the security log); someone else's must be taken first.
 * Finance read leads only. Undefined: go on.
 */
export async function claimForWork(db: Db, ctx: DeskContext, lead: LeadOwner): Promise<OwnerRefusal | undefined> {
  if (may(ctx.staff.role, 'workAnyLead')) return undefined;
  if (!mayOwnLeads(ctx.staff.role)) return { status: 403, key: 'forbidden' };
  if (lead.ownerId === ctx.staff.id) return undefined;
  if (lead.ownerId) return { status: 403, key: 'notYourLead' };
  const change = await changeOwner(db, lead.id, ctx.staff, ctx.staff.id, null);
  if (!change.ok) return change.reason === 'same' ? undefined : { status: 403, key: 'notYourLead' };
  await logChange(db, ctx, 'lead.taken', lead.id, change);
  return undefined;
}

/** «Take»: any member who may own leads takes an unowned lead or someone else's, in one press. */
export async function takeLead(db: Db, ctx: DeskContext, lead: LeadOwner): Promise<OwnerRefusal | 'same' | undefined> {
  if (!mayOwnLeads(ctx.staff.role)) return { status: 403, key: 'forbidden' };
  const change = await changeOwner(db, lead.id, ctx.staff, ctx.staff.id);
  if (!change.ok) return refusalOf(change);
  await logChange(db, ctx, 'lead.taken', lead.id, change);
  return undefined;
}

/** A hand-over: the owner (or an admin) gives the lead to another enabled member who may own leads. */
export async function handOverLead(db: Db, ctx: DeskContext, lead: LeadOwner, to: unknown): Promise<OwnerRefusal | 'same' | undefined> {
  const admin = may(ctx.staff.role, 'workAnyLead');
  if (!admin && !mayOwnLeads(ctx.staff.role)) return { status: 403, key: 'forbidden' };
  if (!admin && lead.ownerId !== ctx.staff.id) return { status: 403, key: 'notYourLead' };
  const target = typeof to === 'string' ? await findStaffById(db, to) : undefined;
  if (!target || target.disabledAt || !mayOwnLeads(target.role)) return { status: 400, key: 'invalidInput' };
  const change = await changeOwner(db, lead.id, ctx.staff, target.id, admin ? undefined : ctx.staff.id);
  if (!change.ok) return refusalOf(change);
  await logChange(db, ctx, 'lead.handedOver', lead.id, change);
  return undefined;
}
