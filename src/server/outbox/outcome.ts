import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { describeError, getLogger } from '../logger';
import { asClaimed, type OutboxRow } from './claim';
import { DeliveryError } from './channels/types';
import { countDelivered, countFailure } from '../metrics';

const BASE_DELAY_MS = 2_000;
const MAX_DELAY_MS = 15 * 60_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s… capped at 15 min, each ×(0.5–1). */
export function backoffMs(attempts: number, random = Math.random): number {
  const exponential = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/** A delivered message marked `sensitive` (a password e-mail) keeps only its envelope. */
function redacted(payload: Record<string, unknown>): Record<string, unknown> {
  if (!payload.sensitive) return payload;
  return { to: payload.to, subject: payload.subject, redacted: true };
}

/**
 * Marks the rows delivered (a sensitive one's body blanked), those still under the caller's claim
 * only. A row whose claim was lost while it was sent (another worker holds it now) is not settled
 * here: it is marked a possible repeat, so that its next send goes alone and says so. Returns the
 * rows settled. `externalUrl`: the record a CRM made for the (one) row.
 */
export async function markDelivered(db: Db, rows: OutboxRow[], externalUrl?: string): Promise<OutboxRow[]> {
  if (rows.length === 0) return [];
  const delivered = { status: 'delivered', deliveredAt: sql`now()`, lockedUntil: null, lastError: null, ...(externalUrl ? { externalUrl } : {}) } as const;
  const settled = new Set<number>();
  const plain = rows.filter((row) => !row.payload.sensitive);
  if (plain.length) {
    for (const { id } of await db.update(outboxMessages).set(delivered).where(asClaimed(plain)).returning({ id: outboxMessages.id })) settled.add(id);
  }
  for (const row of rows.filter((row) => row.payload.sensitive)) {
    for (const { id } of await db.update(outboxMessages).set({ ...delivered, payload: redacted(row.payload) }).where(asClaimed([row])).returning({ id: outboxMessages.id })) settled.add(id);
  }
  if (settled.size) countDelivered(rows[0]!.channel, settled.size);
  const lost = rows.filter((row) => !settled.has(row.id));
  if (lost.length) {
    await markPossibleRepeat(db, lost);
    getLogger().warn({ outboxId: lost.map((row) => row.id), channel: rows[0]!.channel }, 'outbox message sent after its claim was lost: marked a possible repeat');
  }
  return rows.filter((row) => settled.has(row.id));
}

/** These rows may have gone out (whoever holds them now): their next send goes alone, marked. Pending rows only. */
async function markPossibleRepeat(db: Db, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ possibleRepeat: true })
    .where(and(eq(outboxMessages.status, 'pending'), inArray(outboxMessages.id, rows.map((row) => row.id))));
}

/**
 * The send of these rows failed: they go back with the error and a backoff (Telegram's
 * `retry_after` wins, and then holds the channel for the rest of this drain in `pausedUntil`);
 * one that may have gone out all the same (`maybeSent`) is marked a possible repeat. Rows still
 * under the caller's claim only: another worker's claim is its own to settle.
 */
export async function markFailed(db: Db, rows: OutboxRow[], error: unknown, pausedUntil: Map<string, number>): Promise<void> {
  const channel = rows[0]?.channel ?? '';
  countFailure(channel);
  if (error instanceof DeliveryError && error.permanent) return markRefused(db, rows, error);
  const attempts = Math.max(...rows.map((row) => row.attempts));
  const retryAfter = error instanceof DeliveryError ? error.retryAfter : undefined;
  const delay = retryAfter ? retryAfter * 1000 + Math.round(Math.random() * 250) : backoffMs(attempts);
  if (retryAfter) pausedUntil.set(channel, Date.now() + retryAfter * 1000);
  const lastError = describeError(error);
  const maybeSent = error instanceof DeliveryError && error.maybeSent;
  await db
    .update(outboxMessages)
    .set({ lockedUntil: null, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`, ...(maybeSent ? { possibleRepeat: true } : {}) })
    .where(asClaimed(rows));
  const ids = rows.map((row) => row.id);
  getLogger().warn({ outboxId: ids.length === 1 ? ids[0] : ids, channel, attempts, retryInMs: delay, err: lastError }, 'outbox delivery failed');
}

/** The channel is held (a 429, a long pacing queue): the rows go back until `until` without counting an attempt. Our claim only. */
export async function putBack(db: Db, rows: OutboxRow[], until: number): Promise<void> {
  if (rows.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ lockedUntil: null, attempts: sql`${outboxMessages.attempts} - 1`, nextAttemptAt: new Date(until) })
    .where(asClaimed(rows));
}

/**
 * The channel refused these rows for good (a DeliveryError marked permanent: a field the CRM will
 * never take, a receiver that answered 410): no more attempts; the reason stays for the desk, whose
 * «Retry delivery» makes them pending again. Other rows and channels are not held up.
 */
async function markRefused(db: Db, rows: OutboxRow[], error: DeliveryError): Promise<void> {
  const lastError = describeError(error);
  await db
    .update(outboxMessages)
    .set({ status: 'failed', lockedUntil: null, lastError })
    .where(asClaimed(rows));
  const ids = rows.map((row) => row.id);
  getLogger().error({ outboxId: ids.length === 1 ? ids[0] : ids, channel: rows[0]?.channel, attempts: Math.max(...rows.map((row) => row.attempts)), err: lastError }, 'outbox delivery refused for good');
}
