import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

  beforeEach(async () => {
    bot.setMode('ok');
    bot.messages.length = 0;
    await db().delete(outboxMessages);
  });

  it('retries a failing Telegram with backoff, recording attempts and the last error', async () => {
    bot.setMode('fail');
    await queue(2);
    const channels = { telegram: telegramChannel(target(), { intervalMs: 0 }) };
    expect(await drainOutbox(db(), channels)).toBe(2);
    let state = await rows();
    expect(state.map((row) => [row.status, row.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(state[0]!.lastError).toContain('500');
    expect(state[0]!.lastError).not.toContain('1:abc');
    expect(state[0]!.lockedUntil).toBeNull();
    const delay = state[0]!.nextAttemptAt.getTime() - Date.now();
    expect(delay).toBeGreaterThan(500);
    expect(delay).toBeLessThan(2500);
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
    expect(await drainOutbox(db(), { telegram: telegramChannel(target(), { intervalMs: 0 }) })).toBe(3);
    const state = await rows();
    expect(bot.requests).toBeGreaterThanOrEqual(1);
    for (const row of state) {
      const wait = row.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(5500);
      expect(wait).toBeLessThan(7600);
    }
    // Only the first was really attempted; the others were put back untouched.
    expect(state.map((row) => row.attempts)).toEqual([1, 0, 0]);
    expect(state[0]!.lastError).toContain('429');
  });

  it('gives up on a hanging Telegram after the timeout and tries again later', async () => {
    bot.setMode('hang');
    await queue(1);
    const started = Date.now();
    await drainOutbox(db(), { telegram: telegramChannel(target(), { intervalMs: 0 }, 300) });
    expect(Date.now() - started).toBeLessThan(3000);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('timed out');
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
              .set({ attempts: sql`${outboxMessages.attempts} + 1` })
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
    const deadline = Date.now() + 5000;
    while (bot.messages.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bot.messages.map((message) => message.text)).toEqual(['lead 1', 'lead 2']);
    releaseMail();
    expect(await draining).toBe(3);
    expect((await rows()).every((row) => row.status === 'delivered')).toBe(true);
  });

  it('the worker delivers as soon as it is woken', async () => {
    const worker = startOutboxWorker({ db: async () => db(), channels: { telegram: telegramChannel(target(), { intervalMs: 0 }) }, pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await queue(1);
      wakeOutbox();
      const deadline = Date.now() + 5000;
      while (bot.messages.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(bot.messages).toHaveLength(1);
    } finally {
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
