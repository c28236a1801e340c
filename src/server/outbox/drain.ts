import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { getLogger } from '../logger';
import { DeliveryError, type Channels } from './channels/types';
import { claimDue, dueCountExceeds, renewLease, type OutboxRow } from './claim';
import { sendDigests } from './digest';
import { markDelivered, markFailed, putBack } from './outcome';

export { backoffMs } from './outcome';
export const LEASE_SECONDS = 30;

/**
 * Claims up to `batch` due messages (FOR UPDATE SKIP LOCKED, leased for `leaseSeconds` so a
 * killed process's claims come back), delivers them one by one per channel (the channels side by
 * side) and records the outcome. When more than `digestThreshold` (0: never) Telegram messages
 * are due, the sales chat gets them as digests, several leads a message, beside the rest.
 * Safe to run in several processes at once. Returns how many were claimed.
 */
export async function drainOutbox(db: Db, channels: Channels, batch = 10, leaseSeconds = LEASE_SECONDS, digestThreshold = 0): Promise<number> {
  const digest = channels.telegram && digestThreshold > 0 && (await dueCountExceeds(db, 'telegram', digestThreshold)) ? channels.telegram : undefined;
  const pausedUntil = new Map<string, number>();
  const [digested, claimed] = await Promise.all([
    digest ? sendDigests(db, digest, leaseSeconds, pausedUntil) : 0,
    claimDue(db, { limit: batch, leaseSeconds, exceptChannel: digest ? 'telegram' : undefined }),
  ]);

  // Each channel works through its own rows, in order, beside the others: the chat's pacing
  // (seconds per message in a burst) or a slow mail server does not hold up the other channel.
  const byChannel = new Map<string, OutboxRow[]>();
  for (const row of claimed) byChannel.set(row.channel, [...(byChannel.get(row.channel) ?? []), row]);
  await Promise.all(
    [...byChannel.values()].map(async (rows) => {
      for (const row of rows) await deliver(db, channels, row, pausedUntil, leaseSeconds);
    }),
  );
  return digested + claimed.length;
}

async function deliver(db: Db, channels: Channels, row: OutboxRow, pausedUntil: Map<string, number>, leaseSeconds: number): Promise<void> {
  const pause = pausedUntil.get(row.channel);
  if (pause && pause > Date.now()) return putBack(db, [row], pause);
  if ((await renewLease(db, [row], leaseSeconds)).length === 0) return;
  const channel = channels[row.channel as keyof Channels];
  try {
    if (!channel) throw new DeliveryError(`channel ${row.channel} is not configured`);
    const receipt = await channel.send(row.payload, { db, outboxId: row.id, leadId: row.leadId });
    await markDelivered(db, [row], receipt?.externalUrl);
    getLogger().info({ outboxId: row.id, channel: row.channel, leadId: row.leadId, attempts: row.attempts }, 'outbox message delivered');
  } catch (error) {
    await markFailed(db, [row], error, pausedUntil);
  }
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
