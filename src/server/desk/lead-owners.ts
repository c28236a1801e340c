import 'server-only';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadEvents, leads, staff, type Staff } from '@/db/schema';
import { describeError, getLogger } from '../logger';
import { isContactLead } from './contact-promise';
import { earlierOpenOwner } from './earlier-leads';
import { may, rolesThatMay } from './permissions';
import { staffName } from './staff-name';

/** The queues leads are given out from: sales (buy, demo, order, invoice, feedback to sales) and support. */
const DUTY_QUEUES = ['sales', 'support'] as const;
export type DutyQueue = (typeof DUTY_QUEUES)[number];
export const isDutyQueue = (value: unknown): value is DutyQueue => (DUTY_QUEUES as readonly unknown[]).includes(value);

/** The roles that may be on duty, own a lead, take one or be handed one. */
const OWNER_ROLES = rolesThatMay('ownLeads');
export const mayOwnLeads = (role: string) => may(role, 'ownLeads');

/** A lead's queue; none for a registration (an account, not a request to answer). */
function queueOf(kind: string, payload: Record<string, unknown>): DutyQueue | undefined {
  if (!isContactLead(kind)) return undefined;
  return kind === 'feedback' && payload.department !== 'seller' ? 'support' : 'sales';
}


/** Staff who may be given a lead of `queue` now: on duty, enabled, of an owning role, taking that queue. */
const onDutyFor = (queue: DutyQueue): SQL =>
  and(
    eq(staff.onDuty, true),
    isNull(staff.disabledAt),
    inArray(staff.role, OWNER_ROLES),
    sql`(${staff.dutyQueues} is null or ${staff.dutyQueues} @> ${JSON.stringify([queue])}::jsonb)`,
  )!;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The next in turn for `queue`: whoever on duty waited longest since their last lead given in turn
 * (never given one: first). Every eligible row is locked, in id order (no deadlock between two
 * assignments), and read again after a concurrent assignment commits, so two leads at once go to two
 * people; `clock_timestamp()` (not the transaction's start) orders the turns as they were taken.
 */
async function nextInTurn(tx: Tx, queue: DutyQueue): Promise<string | undefined> {
  const candidates = await tx.select({ id: staff.id, last: staff.lastAssignedAt }).from(staff).where(onDutyFor(queue)).orderBy(asc(staff.id)).for('update');
  if (!candidates.length) return undefined;
  const waited = (row: (typeof candidates)[number]) => row.last?.getTime() ?? Number.NEGATIVE_INFINITY;
  const chosen = candidates.reduce((best, row) => (waited(row) < waited(best) ? row : best));
  await tx.update(staff).set({ lastAssignedAt: sql`clock_timestamp()` }).where(eq(staff.id, chosen.id));
  return chosen.id;
}

/**
 * Gives a new, unowned lead an owner: the owner of the customer's most recent open earlier lead
 * when that person is on duty for its queue, else the next in turn. Nobody on duty: it stays
 * unowned. Returns the owner's id. A registration gets none.
 */
export async function assignLead(db: Db, leadId: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: leads.id, kind: leads.kind, payload: leads.payload, ownerId: leads.ownerId, status: leads.status, createdAt: leads.createdAt, phoneE164: leads.phoneE164, email: leads.email, erasedAt: leads.erasedAt })
      .from(leads)
      .where(eq(leads.id, leadId))
      .for('update');
    const queue = lead ? queueOf(lead.kind, lead.payload) : undefined;
    if (!lead || !queue || lead.ownerId || lead.status !== 'new' || lead.erasedAt) return undefined;
    const returning = await earlierOpenOwner(tx, lead);
    const eligible = returning ? await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.id, returning), onDutyFor(queue))) : [];
    const owner = eligible[0]?.id ?? (await nextInTurn(tx, queue));
    if (!owner) return undefined;
    await tx.update(leads).set({ ownerId: owner, ownedAt: sql`now()` }).where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({ leadId, action: 'owner', toOwnerId: owner });
    return owner;
  });
}

/** After a lead is stored: its owner, never at the cost of the lead (a failure leaves it unowned, and logged). */
export async function assignStoredLead(db: Db, leadId: string): Promise<void> {
  try {
    await assignLead(db, leadId);
  } catch (error) {
    getLogger().error({ err: describeError(error), leadId }, 'lead could not be given an owner; it waits unowned');
  }
}

/** How far back unowned new leads are given out when someone comes on duty, and how many at most. */
const BACKLOG_HOURS = 24;
const BACKLOG_LIMIT = 100;

/**
 * Switches a member's duty. Coming on duty gives out the unowned new leads of the last
 * BACKLOG_HOURS (oldest first, in turn among everyone on duty), so nothing that arrived while
 * nobody was on duty waits for the next lead to notice. Returns how many were given out.
 */
export async function setDuty(db: Db, staffId: string, onDuty: boolean): Promise<number> {
  const [member] = await db.update(staff).set({ onDuty, updatedAt: sql`now()` }).where(eq(staff.id, staffId)).returning({ id: staff.id, role: staff.role });
  if (!member || !onDuty || !mayOwnLeads(member.role)) return 0;
  const waiting = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(isNull(leads.ownerId), eq(leads.status, 'new'), isNull(leads.erasedAt), sql`${leads.kind} <> 'registration'`, sql`${leads.createdAt} > now() - make_interval(hours => ${BACKLOG_HOURS})`))
    .orderBy(asc(leads.createdAt))
    .limit(BACKLOG_LIMIT);
  let given = 0;
  for (const lead of waiting) if (await assignLead(db, lead.id)) given += 1;
  return given;
}

/** The queues a member takes leads from (null: every queue). */
export async function setDutyQueues(db: Db, staffId: string, queues: DutyQueue[] | null): Promise<void> {
  await db.update(staff).set({ dutyQueues: queues, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
}

export type OwnerChange = { ok: true; from: string | null; to: string } | { ok: false; reason: 'notFound' | 'same' | 'moved' };

/**
 * Moves a lead to a new owner (a take, a hand-over) and records it in the lead's history with who
 * did it. The caller has checked that the actor may; `expected`: the owner the actor saw (a
 * hand-over of one's own lead, a claim of an unowned one), else `moved` when it changed meanwhile.
 */
export async function changeOwner(db: Db, leadId: string, actor: Staff, to: string, expected?: string | null): Promise<OwnerChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, leadId)).for('update');
    if (!current) return { ok: false, reason: 'notFound' };
    if (current.ownerId === to) return { ok: false, reason: 'same' };
    if (expected !== undefined && current.ownerId !== expected) return { ok: false, reason: 'moved' };
    await tx.update(leads).set({ ownerId: to, ownedAt: sql`now()` }).where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({ leadId, staffId: actor.id, staffEmail: actor.email, action: 'owner', fromOwnerId: current.ownerId, toOwnerId: to });
    return { ok: true, from: current.ownerId, to };
  });
}

/** The people a lead may be handed to: enabled members of an owning role, by name. */
export async function possibleOwners(db: Db) {
  const rows = await db
    .select({ id: staff.id, email: staff.email, displayName: staff.displayName, onDuty: staff.onDuty })
    .from(staff)
    .where(and(isNull(staff.disabledAt), inArray(staff.role, OWNER_ROLES)));
  return rows.map((row) => ({ id: row.id, name: staffName(row), onDuty: row.onDuty })).sort((a, b) => a.name.localeCompare(b.name));
}

