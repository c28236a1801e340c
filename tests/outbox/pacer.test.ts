import { afterEach, describe, expect, it, vi } from 'vitest';
import { databasePacer, memoryPacer, type Pacer } from '@/server/outbox/pacer';
import { testDatabases, useTestDb } from '../support/test-db';

const INTERVAL_MS = 150;

/** Reserves `count` slots on one target, taking turns between the pacers, all at once; returns when each came (fake clock). */
async function slots(pacers: Pacer[], target: string, count: number): Promise<number[]> {
  const start = Date.now();
  const times = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await pacers[i % pacers.length]!.reserve(target, INTERVAL_MS);
      return Date.now() - start;
    }),
  );
  return times.sort((a, b) => a - b);
}

describe('memory pacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spaces the sends to one target exactly and leaves other targets alone (fake clock)', async () => {
    vi.useFakeTimers();
    const pacer = memoryPacer();
    const pending = slots([pacer], 'telegram:1', 4);
    await vi.runAllTimersAsync();
    expect(await pending).toEqual([0, INTERVAL_MS, 2 * INTERVAL_MS, 3 * INTERVAL_MS]);
    // Another chat's slot is free now: it resolves without the clock moving.
    const started = Date.now();
    await pacer.reserve('telegram:2', INTERVAL_MS);
    expect(Date.now()).toBe(started);
  });

  it('keeps a hold (retry_after) before the next slot (fake clock)', async () => {
    vi.useFakeTimers();
    const pacer = memoryPacer();
    const started = Date.now();
    await pacer.holdUntil('telegram:3', new Date(started + 600));
    const slot = pacer.reserve('telegram:3', INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(599);
    let resolved = false;
    void slot.then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slot;
    expect(Date.now() - started).toBe(600);
  });
});

/** A pacer's sleep that records how long it was told to wait, and returns at once. */
function recordedWaits() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, sleep };
}

describe.each(testDatabases())('database pacer on %s', (kind) => {
  const database = useTestDb(kind);
  // A minute: the reservations below take far less than half of it however busy the machine,
  // so each wait the database hands out is its slot's number of minutes, give or take seconds.
  const MINUTE = 60_000;

  it('makes two workers on one database take turns on one chat', async () => {
    const { waits, sleep } = recordedWaits();
    const instances = [databasePacer(async () => database.handle.db, sleep), databasePacer(async () => database.handle.db, sleep)];
    await Promise.all(Array.from({ length: 6 }, (_, i) => instances[i % 2]!.reserve('telegram:-100', MINUTE)));
    // The first goes at once (no wait); the others got slots one, two … five intervals later: two
    // workers taking one slot would give two equal waits.
    expect(waits.map((wait) => Math.round(wait / MINUTE)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it("holds the chat for every worker when one of them is told to wait (Telegram's retry_after)", async () => {
    const { waits, sleep } = recordedWaits();
    const [first, second] = [databasePacer(async () => database.handle.db, sleep), databasePacer(async () => database.handle.db, sleep)];
    await first.holdUntil('telegram:-200', new Date(Date.now() + 10 * MINUTE));
    await second.reserve('telegram:-200', INTERVAL_MS);
    // The other worker waits out the hold (ten minutes, less the moments since it was set).
    expect(waits).toHaveLength(1);
    expect(Math.round(waits[0]! / MINUTE)).toBe(10);
  });
});

describe('database pacer with pacing off', () => {
  it('asks the database nothing when there is no interval to keep', async () => {
    let asked = 0;
    const pacer = databasePacer(async () => {
      asked += 1;
      throw new Error('no database here');
    });
    await pacer.reserve('telegram:-300', 0);
    expect(asked).toBe(0);
  });
});
