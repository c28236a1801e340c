import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { deliveryPacing } from '@/db/schema';
import { ChannelHeld, OutboxDatabaseDown } from './channels/types';

/** Keeps the distance between sends to one target (a chat), across every worker that shares it. */
export interface Pacer {
  /**
   * Takes the next free slot of `target`, at least `intervalMs` after the one before; resolves when
   * it has come. A slot further than `maxWaitMs` away is not taken: ChannelHeld says until when
   * the target is held (a claimed send never sleeps through a 429's wait).
   */
  reserve(target: string, intervalMs: number, maxWaitMs?: number): Promise<void>;
  /** Nothing is sent to `target` before `until` (Telegram's retry_after). */
  holdUntil(target: string, until: Date): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A pacer for one process (tests, a server without a shared database). */
export function memoryPacer(sleep = realSleep): Pacer {
  const nextFreeAt = new Map<string, number>();
  return {
    async reserve(target, intervalMs, maxWaitMs = Infinity) {
      const now = Date.now();
      const slot = Math.max(nextFreeAt.get(target) ?? 0, now);
      if (slot - now > maxWaitMs) throw new ChannelHeld(slot);
      nextFreeAt.set(target, slot + intervalMs);
      if (slot > now) await sleep(slot - now);
    },
    async holdUntil(target, until) {
      nextFreeAt.set(target, Math.max(nextFreeAt.get(target) ?? 0, until.getTime()));
    },
  };
}

/**
 * The pacer of every server process on one database: a slot is taken by one atomic upsert of
 * `delivery_pacing`, so two instances sending to one chat take turns instead of doubling the rate;
 * a slot beyond `maxWaitMs` is left untaken. When the database does not answer, nothing is sent
 * (OutboxDatabaseDown: the drain stops; pacing alone, it would send what it cannot then settle);
 * with no interval (pacing off) it does not ask the database at all. `sleep` waits out the time
 * until the slot (tests pass one that records the wait instead of taking it).
 */
export function databasePacer(db: () => Promise<Db>, sleep = realSleep): Pacer {
  const local = memoryPacer(sleep);
  return {
    async reserve(target, intervalMs, maxWaitMs = Infinity) {
      // No pace to keep (TELEGRAM_MIN_INTERVAL_MS=0, for benchmarks): no query per message.
      if (intervalMs <= 0) return local.reserve(target, 0, maxWaitMs);
      let waitMs: number;
      try {
        const database = await db();
        const interval = sql`make_interval(secs => ${intervalMs / 1000})`;
        const [row] = await database
          .insert(deliveryPacing)
          .values({ target, nextFreeAt: sql`now() + ${interval}` })
          .onConflictDoUpdate({
            target: deliveryPacing.target,
            set: { nextFreeAt: sql`greatest(${deliveryPacing.nextFreeAt}, now()) + ${interval}` },
            setWhere: Number.isFinite(maxWaitMs) ? sql`${deliveryPacing.nextFreeAt} <= now() + make_interval(secs => ${maxWaitMs / 1000})` : undefined,
          })
          .returning({ waitMs: sql<number>`(extract(epoch from (${deliveryPacing.nextFreeAt} - now())) * 1000)::float8 - ${intervalMs}` });
        if (!row) {
          // The slot is further than the caller may wait: say until when, take nothing.
          const [held] = await database.select({ until: sql<number>`(extract(epoch from ${deliveryPacing.nextFreeAt}) * 1000)::float8` }).from(deliveryPacing).where(sql`${deliveryPacing.target} = ${target}`);
          throw new ChannelHeld(Number(held?.until ?? Date.now() + maxWaitMs));
        }
        waitMs = Number(row.waitMs ?? 0);
      } catch (error) {
        if (error instanceof ChannelHeld) throw error;
        throw new OutboxDatabaseDown(error);
      }
      if (waitMs > 0) await sleep(waitMs);
    },
    async holdUntil(target, until) {
      await local.holdUntil(target, until);
      try {
        await (await db())
          .insert(deliveryPacing)
          .values({ target, nextFreeAt: until })
          .onConflictDoUpdate({ target: deliveryPacing.target, set: { nextFreeAt: sql`greatest(${deliveryPacing.nextFreeAt}, ${until.toISOString()}::timestamptz)` } });
      } catch {
        // The database does not answer: this process holds the chat alone (the send would fail anyway).
      }
    },
  };
}
