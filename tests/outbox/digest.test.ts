import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '@/db/schema';
import { parseEnv, setEnvForTests } from '@/server/env';
import { createLead } from '@/server/leads/create-lead';
import type { Channel } from '@/server/outbox/channels/types';
import { telegramChannel } from '@/server/outbox/channels/telegram';
import { TELEGRAM_MAX_CHARS } from '@/server/outbox/digest-text';
import { drainOutbox, LEASE_SECONDS } from '@/server/outbox/drain';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { testDatabases, useTestDb } from '../support/test-db';

let bot: BotApiStub;
beforeAll(async () => {
  bot = await startBotApiStub();
});
afterAll(async () => {
  setEnvForTests();
  await bot.close();
});

const THRESHOLD = 5;

describe('OUTBOX_DIGEST_THRESHOLD', () => {
  it('is 10 unless set, and 0 turns digests off', () => {
    expect(parseEnv({}).OUTBOX_DIGEST_THRESHOLD).toBe(10);
    expect(parseEnv({ OUTBOX_DIGEST_THRESHOLD: '0' }).OUTBOX_DIGEST_THRESHOLD).toBe(0);
    expect(() => parseEnv({ OUTBOX_DIGEST_THRESHOLD: '-1' })).toThrow(/OUTBOX_DIGEST_THRESHOLD/);
  });
});

describe.each(testDatabases())('digests of the sales chat on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const rows = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);
  const telegram = () => ({ telegram: telegramChannel({ base: bot.url, token: '1:abc', chatId: '77' }, { intervalMs: 0 }) });
  const texts = () => bot.messages.map((message) => message.text);
  /** In how many of the texts `name` appears (names are zero-padded: none is the start of another). */
  const timesIn = (all: string[], name: string) => all.filter((text) => text.includes(name)).length;

  /** Stores `count` buy/demo leads through createLead (one Telegram row each); returns their names. */
  async function leadsQueued(count: number, name = (i: number) => `Digest lead ${String(i).padStart(3, '0')}`): Promise<string[]> {
    const names = Array.from({ length: count }, (_, i) => name(i + 1));
    for (const [i, leadName] of names.entries()) {
      await createLead({
        kind: i % 2 ? 'btn_buy' : 'btn_demo',
        lang: 'en',
        data: { name: leadName, phone: '+79123456789', email: `lead${i}@example.com`, url: '/en/epc' },
        consentForm: 'leadDialog',
      });
    }
    return names;
  }

  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '1:abc', TELEGRAM_CHAT_ID: '77', TELEGRAM_API_BASE: bot.url, SMTP_URL: '', SALES_EMAIL: '' });
    bot.setMode('ok');
    bot.messages.length = 0;
    await db().delete(outboxMessages);
  });

  it('sends a backlog over the threshold as one digest naming every lead once, and marks them all delivered', async () => {
    const names = await leadsQueued(12);
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(12);
    expect(bot.messages).toHaveLength(1);
    expect(texts()[0]).toContain('Сводка: 12 новых заявок');
    expect(texts()[0]).toMatch(/🧪 Демо №\d+ · <b>Digest lead 001<\/b> · \+7 912 345 67 89 · lead0@example\.com · <code>\/en\/epc<\/code>/);
    for (const name of names) expect(timesIn(texts(), name)).toBe(1);
    const state = await rows();
    expect(state.map((row) => [row.status, row.attempts, row.lockedUntil])).toEqual(names.map(() => ['delivered', 1, null]));
  });

  it('sends each lead alone, in full, while the backlog is at or below the threshold', async () => {
    const names = await leadsQueued(THRESHOLD);
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(THRESHOLD);
    expect(texts()).toEqual((await rows()).map((row) => row.payload.text));
    expect(texts().every((text) => !text.includes('Сводка'))).toBe(true);
    names.forEach((name, i) => expect(texts()[i]).toContain(name));
  });

  it('with the threshold at 0 (the default of drainOutbox) a flood still goes one lead a message', async () => {
    await leadsQueued(12);
    expect(await drainOutbox(db(), telegram(), 20)).toBe(12);
    expect(bot.messages).toHaveLength(12);
  });

  it('a failed digest leaves every lead pending with its error, and the next drain delivers them once', async () => {
    bot.setMode('fail');
    const names = await leadsQueued(12);
    const before = bot.requests;
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(12);
    expect(bot.requests - before).toBe(1);
    let state = await rows();
    for (const row of state) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
      expect(row.lastError).toContain('500');
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Not due yet: nothing goes, not even singly.
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(0);

    bot.setMode('ok');
    await db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(12);
    state = await rows();
    expect(state.map((row) => [row.status, row.attempts, row.lastError])).toEqual(names.map(() => ['delivered', 2, null]));
    for (const name of names) expect(timesIn(texts(), name)).toBe(1);
  });

  it(`splits a digest longer than Telegram's ${TELEGRAM_MAX_CHARS} characters into several messages`, async () => {
    const names = await leadsQueued(40, (i) => `Digest lead ${String(i).padStart(3, '0')} ${'Долгоимённый-'.repeat(6)}`);
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(40);
    expect(bot.messages.length).toBeGreaterThan(1);
    for (const text of texts()) expect(text.length).toBeLessThanOrEqual(TELEGRAM_MAX_CHARS);
    expect(texts()[0]).toMatch(new RegExp(`^<b>📋 Сводка \\(1/${bot.messages.length}\\): \\d+ нов\\S+ заяв\\S+</b>`));
    for (const name of names) expect(timesIn(texts(), name.slice(0, 15))).toBe(1);
    expect((await rows()).every((row) => row.status === 'delivered')).toBe(true);
  });

  it("on Telegram's 429 the digest's leads wait retry_after, and the parts after it go back without an attempt", async () => {
    bot.setMode('rate-limit', 7);
    await leadsQueued(40, (i) => `Digest lead ${String(i).padStart(3, '0')} ${'Долгоимённый-'.repeat(6)}`);
    const before = bot.requests;
    expect(await drainOutbox(db(), telegram(), 10, LEASE_SECONDS, THRESHOLD)).toBe(40);
    expect(bot.requests - before).toBe(1);
    const state = await rows();
    const tried = state.filter((row) => row.attempts === 1);
    expect(tried.length).toBeGreaterThan(1);
    expect(tried.every((row) => row.lastError?.includes('429'))).toBe(true);
    expect(state.filter((row) => row.attempts === 0).length).toBe(40 - tried.length);
    for (const row of state) {
      expect(row.status).toBe('pending');
      const wait = row.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(5500);
      expect(wait).toBeLessThan(7600);
    }
  });

  it('delivers each lead once when several workers drain a backlog at the same time', async () => {
    const names = await leadsQueued(45);
    const channels = telegram();
    let total = (await Promise.all([1, 2, 3].map(() => drainOutbox(db(), channels, 5, LEASE_SECONDS, THRESHOLD)))).reduce((a, b) => a + b, 0);
    while (total < 45) {
      const more = await drainOutbox(db(), channels, 5, LEASE_SECONDS, THRESHOLD);
      if (!more) break;
      total += more;
    }
    expect(total).toBe(45);
    for (const name of names) expect(timesIn(texts(), name)).toBe(1);
  });

  it('leaves out of a digest a row another worker claimed after this worker lost its lease', async () => {
    const names = await leadsQueued(40, (i) => `Digest lead ${String(i).padStart(3, '0')} ${'Долгоимённый-'.repeat(6)}`);
    const ids = (await rows()).map((row) => row.id);
    const sent: string[] = [];
    let takenMeanwhile = false;
    const channel: Channel = {
      name: 'telegram',
      async send(payload) {
        if (!takenMeanwhile) {
          takenMeanwhile = true;
          // Meanwhile another worker takes the last row (as after an expired lease).
          await db()
            .update(outboxMessages)
            .set({ attempts: sql`${outboxMessages.attempts} + 1`, claimToken: randomUUID() })
            .where(eq(outboxMessages.id, ids.at(-1)!));
        }
        sent.push(String(payload.text));
      },
    };
    await drainOutbox(db(), { telegram: channel }, 10, LEASE_SECONDS, THRESHOLD);
    expect(sent.length).toBeGreaterThan(1);
    const last = names.at(-1)!.slice(0, 15);
    expect(timesIn(sent, last)).toBe(0);
    for (const name of names.slice(0, -1)) expect(timesIn(sent, name.slice(0, 15))).toBe(1);
    const [taken] = await db().select().from(outboxMessages).where(inArray(outboxMessages.id, ids.slice(-1)));
    expect(taken).toMatchObject({ status: 'pending', attempts: 2 });
  });

  it('keeps e-mail one message per lead beside a Telegram digest', async () => {
    await leadsQueued(8);
    await db().insert(outboxMessages).values([1, 2, 3].map((i) => ({ channel: 'email', payload: { to: 'sales@example.com', subject: `mail ${i}`, text: `mail ${i}` } })));
    const mails: string[] = [];
    const email: Channel = {
      name: 'email',
      async send(payload) {
        mails.push(String(payload.subject));
      },
    };
    expect(await drainOutbox(db(), { ...telegram(), email }, 10, LEASE_SECONDS, THRESHOLD)).toBe(11);
    expect(bot.messages).toHaveLength(1);
    expect(mails).toEqual(['mail 1', 'mail 2', 'mail 3']);
    expect((await rows()).every((row) => row.status === 'delivered')).toBe(true);
  });
});
