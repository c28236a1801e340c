import 'server-only';
import type { Db } from '@/db/client';
import { ChannelHeld, OutboxDatabaseDown } from './channels/types';
import { keepLeaseWhile, type OutboxRow } from './claim';
import { markDelivered, markFailed, putBack } from './outcome';

/**
 * What was sent (or failed to be) but could not be written down, the database being away: each
 * entry settles it once the database answers. Kept by the worker from one drain to the next, and
 * settled before anything else is claimed.
 */
export type SettleMemory = Array<(db: Db) => Promise<unknown>>;

/** One drain's state: its lease, the channels it found held, what is left to settle, and whether the database went away. */
export interface DrainRun {
  leaseSeconds: number;
  /** Longest a claimed send may wait for its turn in a chat; a longer hold puts its rows back. */
  maxWaitMs: number;
  pausedUntil: Map<string, number>;
  memory: SettleMemory;
  /** The database stopped answering: nothing more is sent in this drain. */
  down: boolean;
}

/** A claimed send may wait for its turn half a lease at most (the heartbeat keeps its claim meanwhile). */
export function newDrainRun(leaseSeconds: number, memory: SettleMemory): DrainRun {
  return { leaseSeconds, maxWaitMs: (leaseSeconds * 1000) / 2, pausedUntil: new Map(), memory, down: false };
}

/** Settles what earlier drains could not; throws (the drain stops) while the database still does not answer. */
export async function settleRemembered(db: Db, memory: SettleMemory): Promise<void> {
  while (memory.length) {
    await memory[0]!(db);
    memory.shift();
  }
}

/** Writes an outcome down; when the database does not answer, remembers it and stops the drain. */
async function settle(db: Db, run: DrainRun, outcome: (db: Db) => Promise<unknown>): Promise<void> {
  try {
    await outcome(db);
  } catch (error) {
    run.memory.push(outcome);
    run.down = true;
    throw new OutboxDatabaseDown(error);
  }
}

/**
 * Sends claimed `rows` as one message, with their lease kept alive meanwhile, and settles the
 * outcome for the rows still under this claim: delivered; put back unclaimed when the channel is
 * held (no attempt counted, nothing sent); failed with a backoff. When the database is found away
 * (the pacing read, or the settling) the drain stops; a send that went out is remembered and
 * settled first once the database is back. Returns whether the rows were delivered.
 */
export async function sendAndSettle(db: Db, rows: OutboxRow[], run: DrainRun, send: () => Promise<void | { externalUrl?: string }>): Promise<boolean> {
  let receipt: void | { externalUrl?: string };
  try {
    receipt = await keepLeaseWhile(db, rows, run.leaseSeconds, send);
  } catch (error) {
    if (error instanceof OutboxDatabaseDown) {
      run.down = true;
      throw error;
    }
    if (error instanceof ChannelHeld) {
      run.pausedUntil.set(rows[0]!.channel, error.until);
      await putBack(db, rows, error.until);
      return false;
    }
    await settle(db, run, (database) => markFailed(database, rows, error, run.pausedUntil));
    return false;
  }
  await settle(db, run, (database) => markDelivered(database, rows, receipt?.externalUrl));
  return true;
}
