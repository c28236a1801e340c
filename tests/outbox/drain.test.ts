import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { outboxMessages } from '@/db/schema';
import { telegramChannel } from '@/server/outbox/channels/telegram';
import { backoffMs, drainOutbox, LEASE_SECONDS } from '@/server/outbox/drain';
import { startOutboxWorker, wakeOutbox } from '@/server/outbox/worker';
import { setEnvForTests } from '@/server/env';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { testDatabases, useTestDb } from '../support/test-db';

let bot: BotApiStub;
beforeAll(async () => {
  bot = await startBotApiStub();
});
afterAll(async () => {
  await bot.close();
});

const target = () => ({ base: bot.url, token: '1:abc', chatId: '77' });

describe('backoff', () => {
  it('doubles from 2 s with jitter and caps at 15 minutes', () => {
    expect(backoffMs(1, () => 1)).toBe(2000);
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(4, () => 1)).toBe(16_000);
    expect(backoffMs(40, () => 1)).toBe(900_000);
  });
});

describe.each(testDatabases())('outbox on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const queue = async (count: number) => {
    const values = Array.from({ length: count }, (_, i) => ({ channel: 'telegram', payload: { text: `lead ${i + 1}` } }));
    await db().insert(outboxMessages).values(values);
  };
  const rows = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);
  const makeDue = () => db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  /** The database's clock (the outbox schedules retries by it), in ms; `up` rounds up, for an upper bound. */
  const dbNow = async (up = false) => {
    const result = (await db().execute(sql`select (extract(epoch from now()) * 1000)::float8 as now`)) as unknown as { rows: Array<{ now: number }> };
    const now = Number(result.rows[0]!.now);
    return up ? Math.ceil(now) : Math.floor(now);
  };

  beforeEach(async () => {
    bot.setMode('ok');
    bot.messages.length = 0;
    await db().delete(outboxMessages);
  });

  it('retries a failing Telegram with backoff, recording attempts and the last error', async () => {
    bot.setMode('fail');
    await queue(2);
    const channels = { telegram: telegramChannel(target(), { intervalMs: 0 }) };
    const before = await dbNow();
    expect(await drainOutbox(db(), channels)).toBe(2);
    const after = await dbNow(true);
    let state = await rows();
    expect(state.map((row) => [row.status, row.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(state[0]!.lastError).toContain('500');
    expect(state[0]!.lastError).not.toContain('1:abc');
    expect(state[0]!.lockedUntil).toBeNull();
    // The first backoff, 1–2 s (2 s with jitter ×0.5–1), counted from the failure: bracketed by the
    // database's clock before and after the drain, however long the drain took.
    for (const row of state) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 1000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 2000);
    }
    // Not due yet: nothing is claimed.
    expect(await drainOutbox(db(), channels)).toBe(0);

    bot.setMode('ok');
    await makeDue();
    expect(await drainOutbox(db(), channels)).toBe(2);
    state = await rows();
    expect(state.map((row) => [row.status, row.attempts])).toEqual([['delivered', 2], ['delivered', 2]]);
    expect(bot.messages.map((message) => message.text)).toEqual(['lead 1', 'lead 2']);
  });

  it("honours Telegram's 429 retry_after for the whole chat", async () => {
    bot.setMode('rate-limit', 7);
    await queue(3);
    const before = Math.min(Date.now(), await dbNow());
    expect(await drainOutbox(db(), { telegram: telegramChannel(target(), { intervalMs: 0 }) })).toBe(3);
    const after = Math.max(Date.now(), await dbNow(true));
    const state = await rows();
    expect(bot.requests).toBeGreaterThanOrEqual(1);
    // Each waits retry_after (7 s) from the 429, the one that was sent up to 250 ms more (jitter).
    for (const row of state) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 7000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 7250);
    }
    // Only the first was really attempted; the others were put back untouched.
    expect(state.map((row) => row.attempts)).toEqual([1, 0, 0]);
    expect(state[0]!.lastError).toContain('429');
  });

  it('gives up on a hanging Telegram after the timeout and tries again later', async () => {
    bot.setMode('hang');
    await queue(1);
    await drainOutbox(db(), { telegram: telegramChannel(target(), { intervalMs: 0 }, 300) });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    // Given up by the channel's own timeout (300 ms), not the default 10 s.
    expect(row!.lastError).toContain('timed out after 300 ms');
  });

  it('takes back the rows of a process that died holding them once the lease is over', async () => {
    await queue(1);
    // A dead worker's claim: leased, attempt counted, never finished.
    await db().update(outboxMessages).set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: 1 });
    const channels = { telegram: telegramChannel(target(), { intervalMs: 0 }) };
    expect(await drainOutbox(db(), channels)).toBe(0);
    await db().update(outboxMessages).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await drainOutbox(db(), channels)).toBe(1);
    expect(bot.messages).toHaveLength(1);
  });

  it('delivers each message once when several workers drain at the same time', async () => {
    await queue(30);
    const channels = { telegram: telegramChannel(target(), { intervalMs: 0 }) };
    const counts = await Promise.all([1, 2, 3].map(() => drainOutbox(db(), channels, 5)));
    let total = counts.reduce((a, b) => a + b, 0);
    while (total < 30) {
      const more = await drainOutbox(db(), channels, 5);
      if (!more) break;
      total += more;
    }
    expect(total).toBe(30);
    const texts = bot.messages.map((message) => message.text);
    expect(new Set(texts).size).toBe(30);
    expect(texts).toHaveLength(30);
  });

  it('skips a row another worker claimed after this worker lost its lease', async () => {
    await queue(2);
    let claimedAgain = false;
    const channels = {
      telegram: {
        name: 'telegram',
        async send(payload: Record<string, unknown>) {
          if (!claimedAgain) {
            claimedAgain = true;
            // Meanwhile another worker takes the second row (as after an expired lease).
            await db()
              .update(outboxMessages)
              .set({ attempts: sql`${outboxMessages.attempts} + 1`, claimToken: randomUUID() })
              .where(eq(outboxMessages.payload, { text: 'lead 2' }));
          }
          bot.messages.push({ token: '-', chat_id: '-', text: String(payload.text) });
        },
      },
    };
    expect(await drainOutbox(db(), channels)).toBe(2);
    expect(bot.messages.map((message) => message.text)).toEqual(['lead 1']);
  });

  it('a slow channel does not hold up the other: the chat gets its messages while the mail waits', async () => {
    await db().insert(outboxMessages).values([
      { channel: 'email', payload: { to: 'sales@example.com', subject: 's', text: 'mail 1' } },
      { channel: 'telegram', payload: { text: 'lead 1' } },
      { channel: 'telegram', payload: { text: 'lead 2' } },
    ]);
    let releaseMail: () => void = () => {};
    const mailSent = new Promise<void>((resolve) => (releaseMail = resolve));
    const slowMail = {
      name: 'email',
      async send() {
        await mailSent;
      },
    };
    const draining = drainOutbox(db(), { telegram: telegramChannel(target(), { intervalMs: 0 }), email: slowMail });
    await vi.waitFor(() => expect(bot.messages.map((message) => message.text)).toEqual(['lead 1', 'lead 2']), { timeout: 20_000, interval: 20 });
    releaseMail();
    expect(await draining).toBe(3);
    expect((await rows()).every((row) => row.status === 'delivered')).toBe(true);
  });

  it('the worker delivers as soon as it is woken', { timeout: 60_000 }, async () => {
    // It would next look by itself in ten minutes: a delivery within the wait below is the wake's.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const worker = startOutboxWorker({ db: async () => db(), channels: { telegram: telegramChannel(target(), { intervalMs: 0 }) }, pollMs: 600_000 });
    try {
      // Its first drain found nothing, and it went to sleep for the poll interval.
      await vi.waitFor(() => expect(timers.mock.calls.some(([, ms]) => ms === 600_000)).toBe(true), { timeout: 20_000, interval: 10 });
      await queue(1);
      wakeOutbox();
      await vi.waitFor(() => expect(bot.messages).toHaveLength(1), { timeout: 30_000, interval: 20 });
    } finally {
      timers.mockRestore();
      await worker.stop();
    }
  });

  it('health reports the database and the outbox backlog', async () => {
    await queue(2);
    await db().update(outboxMessages).set({ createdAt: sql`now() - interval '90 seconds'` }).where(eq(outboxMessages.payload, { text: 'lead 1' }));
    const token = 'drain-test-health-token-0123';
    setEnvForTests({ HEALTH_TOKEN: token });
    const response = await health(new Request('http://localhost/api/health', { headers: { Authorization: `Bearer ${token}` } }));
    setEnvForTests();
    expect(response.status).toBe(200);
    const { result } = await response.json();
    expect(result.database).toBe('ok');
    expect(result.outbox.pending).toBe(2);
    expect(result.outbox.oldestAgeSeconds).toBeGreaterThanOrEqual(89);
  });

  it('health tells the public only up or down: no backlog without the token', async () => {
    await queue(2);
    setEnvForTests({ HEALTH_TOKEN: 'drain-test-health-token-0123' });
    const anonymous = await health(new Request('http://localhost/api/health'));
    const wrong = await health(new Request('http://localhost/api/health', { headers: { Authorization: 'Bearer drain-test-health-token-0124' } }));
    setEnvForTests();
    expect((await anonymous.json()).result).toEqual({ status: 'ok' });
    expect((await wrong.json()).result).toEqual({ status: 'ok' });
  });
});
