import 'server-only';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { describeError, getLogger } from '../logger';
import { DeliveryError, type Channels } from './channels/types';

export const LEASE_SECONDS = 30;
const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 15 * 60_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s… capped at 15 min, each ×(0.5–1). */
export function backoffMs(attempts: number, random = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

type Row = typeof outboxMessages.$inferSelect;

/**
 * Claims up to `batch` due messages (FOR UPDATE SKIP LOCKED, leased for `leaseSeconds` so a
 * killed process's claims come back), delivers them one by one per channel (the channels side by
 * side) and records the outcome.
 * Safe to run in several processes at once. Returns how many were claimed.
 */
export async function drainOutbox(db: Db, channels: Channels, batch = 10, leaseSeconds = LEASE_SECONDS): Promise<number> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(batch)
    .for('update', { skipLocked: true });

  const claimed = await db
    .update(outboxMessages)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();

  claimed.sort((a, b) => a.id - b.id);
  // Each channel works through its own rows, in order, beside the others: the chat's pacing
  // (seconds per message in a burst) or a slow mail server does not hold up the other channel.
  const byChannel = new Map<string, Row[]>();
  for (const row of claimed) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
  const pausedUntil = new Map<string, number>();
  await Promise.all(
    [...byChannel.values()].map(async (rows) => {
      for (const row of rows) await deliver(db, channels, row, pausedUntil, leaseSeconds);
    }),
  );
  return claimed.length;
}

async function deliver(db: Db, channels: Channels, row: Row, pausedUntil: Map<string, number>, leaseSeconds: number): Promise<void> {
  const log = getLogger();
  const pause = pausedUntil.get(row.channel);
  if (pause && pause > Date.now()) {
    // The channel told us to wait (429): put the message back without counting an attempt.
    await db
      .update(outboxMessages)
      .set({ lockedUntil: null, attempts: row.attempts - 1, nextAttemptAt: new Date(pause) })
      .where(eq(outboxMessages.id, row.id));
    return;
  }
  // Renew the lease just before sending; if the row was claimed again meanwhile (our lease ran
  // out while earlier rows of the batch were sent), it belongs to that worker now.
  const renewed = await db
    .update(outboxMessages)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.attempts, row.attempts), eq(outboxMessages.status, 'pending')))
    .returning({ id: outboxMessages.id });
  if (renewed.length === 0) return;
  const channel = channels[row.channel as keyof Channels];
  try {
    if (!channel) throw new DeliveryError(`channel ${row.channel} is not configured`);
    await channel.send(row.payload);
    await db
      .update(outboxMessages)
      .set({ status: 'delivered', deliveredAt: sql`now()`, lockedUntil: null, lastError: null, payload: redacted(row.payload) })
      .where(eq(outboxMessages.id, row.id));
    log.info({ outboxId: row.id, channel: row.channel, leadId: row.leadId, attempts: row.attempts }, 'outbox message delivered');
  } catch (error) {
    const retryAfter = error instanceof DeliveryError ? error.retryAfter : undefined;
    const delay = retryAfter ? retryAfter * 1000 + Math.round(Math.random() * 250) : backoffMs(row.attempts);
    if (retryAfter) pausedUntil.set(row.channel, Date.now() + retryAfter * 1000);
    const lastError = describeError(error);
    await db
      .update(outboxMessages)
      .set({ lockedUntil: null, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` })
      .where(eq(outboxMessages.id, row.id));
    log.warn({ outboxId: row.id, channel: row.channel, attempts: row.attempts, retryInMs: delay, err: lastError }, 'outbox delivery failed');
  }
}

/** A delivered message marked `sensitive` (a password e-mail) keeps only its envelope. */
function redacted(payload: Record<string, unknown>): Record<string, unknown> {
  if (!payload.sensitive) return payload;
  return { to: payload.to, subject: payload.subject, redacted: true };
}

/** Backlog for the health check: pending messages and the age of the oldest. */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from (now() - min(${outboxMessages.createdAt})))::float8`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'));
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))) };
}
