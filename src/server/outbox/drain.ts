import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { getLogger } from '../logger';
import { DeliveryError, type Channels } from './channels/types';
import { claimDue, dueCountExceeds, renewLease, type OutboxRow } from './claim';
import { sendDigests } from './digest';
import { markedAsRepeat } from './digest-text';
import { putBack } from './outcome';
import { newDrainRun, sendAndSettle, settleRemembered, type DrainRun, type SettleMemory } from './settle';

export { backoffMs } from './outcome';
export type { SettleMemory } from './settle';
export const LEASE_SECONDS = 30;

/**
 * Claims up to `batch` due messages (FOR UPDATE SKIP LOCKED, leased for `leaseSeconds` so a
 * killed process's claims come back), delivers them one by one per channel (the channels side by
 * side) and records the outcome. When more than `digestThreshold` (0: never) Telegram messages
 * are due, the sales chat gets them as digests, several leads a message, beside the rest.
 * First it settles what an earlier drain sent but could not write down (`memory`, kept by the
 * worker); when the database goes away mid-drain, nothing more is sent and the drain throws.
 * Safe to run in several processes at once. Returns how many were claimed.
 */
export async function drainOutbox(db: Db, channels: Channels, batch = 10, leaseSeconds = LEASE_SECONDS, digestThreshold = 0, memory: SettleMemory = []): Promise<number> {
  await settleRemembered(db, memory);
  const run = newDrainRun(leaseSeconds, memory);
  const digest = channels.telegram && digestThreshold > 0 && (await dueCountExceeds(db, 'telegram', digestThreshold)) ? channels.telegram : undefined;
  const [digested, claimed] = await allOrStop(run, [
    digest ? sendDigests(db, digest, run) : Promise.resolve(0),
    claimDue(db, { limit: batch, leaseSeconds, exceptChannel: digest ? 'telegram' : undefined }),
  ] as const);

  // Each channel works through its own rows, in order, beside the others: the chat's pacing
  // (seconds per message in a burst) or a slow mail server does not hold up the other channel.
  const byChannel = new Map<string, OutboxRow[]>();
  for (const row of claimed) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
  await allOrStop(
    run,
    [...byChannel.values()].map(async (rows) => {
      for (const row of rows) {
        if (run.down) return;
        await deliver(db, channels, row, run);
      }
    }),
  );
  return digested + claimed.length;
}

/** Waits for all of `work`; the first failure marks the database away (the others stop at their next message) and is thrown once all have ended. */
async function allOrStop<T extends readonly unknown[]>(run: DrainRun, work: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(work.map((promise) => promise.catch((error: unknown) => ((run.down = true), Promise.reject(error)))));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function deliver(db: Db, channels: Channels, row: OutboxRow, run: DrainRun): Promise<void> {
  const pause = run.pausedUntil.get(row.channel);
  if (pause && pause > Date.now()) return putBack(db, [row], pause);
  if ((await renewLease(db, [row], run.leaseSeconds)).length === 0) return;
  const channel = channels[row.channel as keyof Channels];
  // A message that may be in the chat already goes again as itself, saying so.
  const payload = row.possibleRepeat && row.channel === 'telegram' ? markedAsRepeat(row.payload) : row.payload;
  const delivered = await sendAndSettle(db, [row], run, async () => {
    if (!channel) throw new DeliveryError(`channel ${row.channel} is not configured`);
    return channel.send(payload, { db, outboxId: row.id, leadId: row.leadId }, { maxWaitMs: run.maxWaitMs });
  });
  if (delivered) getLogger().info({ outboxId: row.id, channel: row.channel, leadId: row.leadId, attempts: row.attempts }, 'outbox message delivered');
}

export interface Backlog {
  pending: number;
  oldestAgeSeconds: number;
}

/**
 * Backlog for the health check: pending messages and the age of the oldest, in all and per
 * channel (with the messages a channel refused for good, `failed`, which wait for the desk).
 */
export async function outboxBacklog(db: Db): Promise<Backlog & { channels: Record<string, Backlog & { failed: number }> }> {
  const rows = await db
    .select({
      channel: outboxMessages.channel,
      status: outboxMessages.status,
      count: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from (now() - min(${outboxMessages.createdAt})))::float8`,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ['pending', 'failed']))
    .groupBy(outboxMessages.channel, outboxMessages.status);
  const age = (seconds: number | null | undefined) => Math.max(0, Math.round(Number(seconds ?? 0)));
  const channels: Record<string, Backlog & { failed: number }> = {};
  let pending = 0;
  let oldest = 0;
  for (const row of rows) {
    const entry = (channels[row.channel] ??= { pending: 0, oldestAgeSeconds: 0, failed: 0 });
    if (row.status === 'failed') {
      entry.failed = Number(row.count);
      continue;
    }
    entry.pending = Number(row.count);
    entry.oldestAgeSeconds = age(row.oldest);
    pending += entry.pending;
    oldest = Math.max(oldest, entry.oldestAgeSeconds);
  }
  return { pending, oldestAgeSeconds: oldest, channels };
}
