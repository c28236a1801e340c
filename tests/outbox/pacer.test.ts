import { afterEach, describe, expect, it, vi } from 'vitest';
import { databasePacer, memoryPacer, type Pacer } from '@/server/outbox/pacer';
import { testDatabases, useTestDb } from '../support/test-db';

const INTERVAL_MS = 150;
// Timers may fire a little early or late; the check allows for that, not for a skipped slot.
const SLACK_MS = 25;

/** Reserves `count` slots on one target, taking turns between the pacers, all at once; returns when each came. */
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

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

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

describe.each(testDatabases())('database pacer on %s', (kind) => {
  const database = useTestDb(kind);

  it('makes two workers on one database take turns on one chat', async () => {
    const instances = [databasePacer(async () => database.handle.db), databasePacer(async () => database.handle.db)];
    const times = await slots(instances, 'telegram:-100', 6);
    // Each gap is the interval give or take how long the database took to answer that worker
    // (tens of ms on a loaded machine); two workers taking one slot would leave a gap near 0, and
    // the six together can never come sooner than five intervals.
    expect(Math.min(...gaps(times))).toBeGreaterThanOrEqual(INTERVAL_MS / 2);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(5 * INTERVAL_MS - SLACK_MS);
  });

  it("holds the chat for every worker when one of them is told to wait (Telegram's retry_after)", async () => {
    const [first, second] = [databasePacer(async () => database.handle.db), databasePacer(async () => database.handle.db)];
    const started = Date.now();
    await first.holdUntil('telegram:-200', new Date(started + 600));
    await second.reserve('telegram:-200', INTERVAL_MS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600 - SLACK_MS);
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
