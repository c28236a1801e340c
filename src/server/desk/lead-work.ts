import 'server-only';
import { and, asc, eq, getTableColumns, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadEvents, leads, outboxMessages, staff, type Staff } from '@/db/schema';
import { wakeOutbox } from '../outbox/worker';
import { eraseLead } from './lead-erase';
import type { LeadStatus } from './lead-filter';
import { getEnv } from '../env';
import { workingMinutesBetween, type WorkingHours } from './working-hours';
import { isUuid } from '@/lib/uuid.mjs';

export async function findLead(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

const who = (actor: Staff) => ({ staffId: actor.id, staffEmail: actor.email });

/**
 * Moves a lead to a status and records who and when, with the comment as part of that one entry
 * of the timeline (nothing else is overwritten). The first move away from `new` is the time of
 * first contact. False when the lead does not exist or is there already.
 */
export async function changeLeadStatus(db: Db, leadId: string, actor: Staff, status: LeadStatus, note?: string, hours: WorkingHours = getEnv().DESK_WORKING_HOURS): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: leads.status, createdAt: leads.createdAt, firstContactAt: leads.firstContactAt }).from(leads).where(eq(leads.id, leadId)).for('update');
    if (!current) return false;
    if (current.status === status) {
      // The status stays; a comment given with it is not lost: it is a comment of its own.
      if (note) await tx.insert(leadEvents).values({ leadId, ...who(actor), action: 'note', note });
      return Boolean(note);
    }
    // The first contact: its working minutes are stored with it, so the report sums no calendars.
    const firstContact = status !== 'new' && !current.firstContactAt;
    await tx
      .update(leads)
      .set({
        status,
        statusChangedAt: sql`now()`,
        firstContactAt: status === 'new' ? undefined : sql`coalesce(${leads.firstContactAt}, now())`,
        ...(firstContact ? { responseMinutes: workingMinutesBetween(current.createdAt, Date.now(), hours) } : {}),
      })
      .where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({ leadId, ...who(actor), action: 'status', fromStatus: current.status, toStatus: status, note: note || null });
    return true;
  });
}

/** Adds a comment to the lead's timeline (its author and time); earlier comments stay as they were. False for an empty one or no lead. */
export async function saveLeadNote(db: Db, leadId: string, actor: Staff, note: string): Promise<boolean> {
  if (!note.trim()) return false;
  if (!(await findLead(db, leadId))) return false;
  await db.insert(leadEvents).values({ leadId, ...who(actor), action: 'note', note });
  return true;
}

/**
 * Messages of the lead whose last attempt failed and that wait for their next one (not leased), or
 * that a channel refused for good ('failed': a CRM that will not take a field until someone fixes it).
 */
const failedRows = (leadId: string) =>
  and(
    eq(outboxMessages.leadId, leadId),
    or(
      and(eq(outboxMessages.status, 'pending'), isNotNull(outboxMessages.lastError), or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, sql`now()`))),
      eq(outboxMessages.status, 'failed'),
    ),
  );

/** «Retry delivery»: the failed messages (refused ones too) become due now and the worker is woken. Returns how many. */
export async function retryLeadDelivery(db: Db, leadId: string, actor: Staff): Promise<number> {
  const retried = await db
    .update(outboxMessages)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(failedRows(leadId))
    .returning({ id: outboxMessages.id });
  if (retried.length) {
    await db.insert(leadEvents).values({ leadId, ...who(actor), action: 'retry' });
    wakeOutbox();
  }
  return retried.length;
}

/** Erases the lead's personal data on request and records who did it. */
export async function eraseLeadOnRequest(db: Db, leadId: string, actor: Staff): Promise<boolean> {
  const erased = await eraseLead(db, leadId);
  if (erased) await db.insert(leadEvents).values({ leadId, ...who(actor), action: 'erase' });
  return erased;
}

/**
 * The lead's timeline, oldest first: comments, status changes (with their comment) and the rest of
 * the audit trail, each with its author's name (else the e-mail kept on the entry).
 */
export function leadHistory(db: Db, leadId: string) {
  return db
    .select({ ...getTableColumns(leadEvents), author: sql<string | null>`coalesce(${staff.displayName}, ${leadEvents.staffEmail})` })
    .from(leadEvents)
    .leftJoin(staff, eq(staff.id, leadEvents.staffId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
}
export type TimelineEntry = Awaited<ReturnType<typeof leadHistory>>[number];

/** Whether some message of the lead failed and can be retried (the desk shows the button then). */
export async function hasFailedDelivery(db: Db, leadId: string): Promise<boolean> {
  const [row] = await db.select({ id: outboxMessages.id }).from(outboxMessages).where(and(failedRows(leadId), gt(outboxMessages.attempts, 0))).limit(1);
  return Boolean(row);
}
