import 'server-only';
import type { Db } from '@/db/client';
import { describeError, getLogger } from '../logger';
import type { Channels } from './channels/types';
import { drainOutbox, type SettleMemory } from './drain';

export interface OutboxWorker {
  wake(): void;
  stop(): Promise<void>;
}

const globalForWorker = globalThis as typeof globalThis & { __outboxWorker?: OutboxWorker };

/**
 * The in-process delivery loop: drains due messages, then sleeps `pollMs` or until woken
 * (a lead was committed). Every instance may run one; the table is the queue.
 */
export function startOutboxWorker(options: {
  db: () => Promise<Db>;
  channels: Channels;
  pollMs: number;
  batch?: number;
  leaseSeconds?: number;
  /** More Telegram messages due than this: digests (drainOutbox); unset or 0: one lead a message. */
  digestThreshold?: number;
}): OutboxWorker {
  const log = getLogger();
  let running = true;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  // What a drain sent but could not settle (the database away): the next drain settles it first.
  const unsettled: SettleMemory = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const loop = (async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = await drainOutbox(await options.db(), options.channels, options.batch ?? 10, options.leaseSeconds, options.digestThreshold, unsettled);
      } catch (error) {
        log.error({ err: describeError(error) }, 'outbox drain failed');
      }
      if (!running) break;
      if (claimed < (options.batch ?? 10)) await sleep(options.pollMs);
    }
  })();

  const worker: OutboxWorker = {
    wake() {
      if (wakeUp) wakeUp();
      else woken = true;
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      if (globalForWorker.__outboxWorker === worker) globalForWorker.__outboxWorker = undefined;
    },
  };
  globalForWorker.__outboxWorker = worker;
  return worker;
}

/** Under the tests: stops a worker a test file left running, so it cannot drain the next file's database. */
export async function stopOutboxWorkerForTests(): Promise<void> {
  await globalForWorker.__outboxWorker?.stop();
}

/** Tells the running worker (if any) that new messages are due. */
export function wakeOutbox(): void {
  globalForWorker.__outboxWorker?.wake();
}
