import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Which due rows to take: those of one channel, or of every channel but one. */
export interface ChannelFilter {
  channel?: string;
  exceptChannel?: string;
}

/** Pending, due, and not leased by a live worker. */
function dueWhere({ channel, exceptChannel }: ChannelFilter = {}) {
  return and(
    eq(outboxMessages.status, 'pending'),
    lte(outboxMessages.nextAttemptAt, sql`now()`),
    or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, sql`now()`)),
    channel === undefined ? undefined : eq(outboxMessages.channel, channel),
    exceptChannel === undefined ? undefined : ne(outboxMessages.channel, exceptChannel),
  );
}

/**
 * Claims up to `limit` due rows (FOR UPDATE SKIP LOCKED, leased for `leaseSeconds` so a killed
 * process's claims come back, one attempt counted), oldest first, under a new claim token (what
 * settles them must still find it). Returned in id order.
 */
export async function claimDue(db: Db, options: ChannelFilter & { limit: number; leaseSeconds: number }): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(dueWhere(options))
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimToken: randomUUID(),
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** Whether more than `threshold` rows of `channel` are due (counts no further than that). */
export async function dueCountExceeds(db: Db, channel: string, threshold: number): Promise<boolean> {
  const due = db.select({ id: outboxMessages.id }).from(outboxMessages).where(dueWhere({ channel })).limit(threshold + 1).as('due');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(due);
  return Number(row?.count ?? 0) > threshold;
}

/**
 * These rows exactly as claimed: still pending and still under the claim that took them. The
 * token, not the attempt count, tells: a row put back (its attempt given back) and claimed again
 * has the same count under another claim.
 */
export function asClaimed(rows: OutboxRow[]) {
  return and(
    eq(outboxMessages.status, 'pending'),
    or(...rows.map((row) => and(eq(outboxMessages.id, row.id), row.claimToken ? eq(outboxMessages.claimToken, row.claimToken) : isNull(outboxMessages.claimToken)))),
  );
}

/**
 * Renews the lease and returns the rows still ours: a row whose lease ran out while earlier ones
 * were sent, and that another worker claimed again, belongs to that worker.
 */
export async function renewLease(db: Db, rows: OutboxRow[], leaseSeconds: number): Promise<OutboxRow[]> {
  if (rows.length === 0) return [];
  const renewed = await db
    .update(outboxMessages)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(asClaimed(rows))
    .returning({ id: outboxMessages.id });
  const ids = new Set(renewed.map((row) => row.id));
  return rows.filter((row) => ids.has(row.id));
}

/** How often a send in progress renews its rows' lease: four times a lease. */
const heartbeatMs = (leaseSeconds: number) => (leaseSeconds * 1000) / 4;

/**
 * Runs `work` (a send) while a heartbeat renews the lease of `rows` every quarter lease, so that
 * a send slower than the lease (a slow mail server, a pacing wait) keeps its claim and no other
 * worker sends the rows too. A renewal that fails (the database does not answer) is tried at the
 * next beat; the rows' claim is checked again when they are settled.
 */
export async function keepLeaseWhile<T>(db: Db, rows: OutboxRow[], leaseSeconds: number, work: () => Promise<T>): Promise<T> {
  let beating: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // One renewal at a time: a database that is slow to answer gets no pile of them.
    beating ??= renewLease(db, rows, leaseSeconds)
      .catch(() => undefined)
      .finally(() => (beating = undefined));
  }, heartbeatMs(leaseSeconds));
  try {
    return await work();
  } finally {
    clearInterval(timer);
    await beating;
  }
}
