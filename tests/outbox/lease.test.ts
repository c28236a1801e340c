import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { parseSettings } from '@/settings/settings.mjs';
import { telegramChannel } from '@/server/outbox/channels/telegram';
import { ChannelHeld, DeliveryError, OutboxDatabaseDown, type Channel } from '@/server/outbox/channels/types';
import { claimDue, keepLeaseWhile } from '@/server/outbox/claim';
import { POSSIBLE_REPEAT_LINE } from '@/server/outbox/digest-text';
import { drainOutbox, type SettleMemory } from '@/server/outbox/drain';
import { markDelivered, putBack } from '@/server/outbox/outcome';
import { databasePacer, memoryPacer } from '@/server/outbox/pacer';
import { testDatabases, useTestDb } from '../support/test-db';

/**
 * The outbox's claim: a send keeps its lease alive, never sleeps through a long hold of the chat,
 * settles only the claim it still holds, and what it sent while the database was away is settled
 * first when the database is back, never sent again whole.
 */
const TARGET = { base: 'http://127.0.0.1:9', token: '1:lease', chatId: '-5' };

/** A channel that records what it was given (and may run `during` before it returns). */
function recorder(during?: () => Promise<void>): Channel & { texts: string[] } {
  const texts: string[] = [];
  return {
    name: 'telegram',
    texts,
    async send(payload) {
      texts.push(String(payload.text));
      await during?.();
    },
  };
}

/** The database, with its writes failing while `down` is set (a connection cut after the send). */
function flaky(db: Db) {
  const state = { down: false };
  const proxy = new Proxy(db, {
    get(target, name, receiver) {
      if (state.down && (name === 'update' || name === 'select' || name === 'insert')) throw new Error('connection terminated unexpectedly');
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { db: proxy, state };
}

describe('the lease check of the settings', () => {
  const base = { TELEGRAM_BOT_TOKEN: '1:x', TELEGRAM_CHAT_ID: '-1' };
  it('takes the defaults and a short lease with short timeouts', () => {
    expect(parseSettings(base).OUTBOX_LEASE_SECONDS).toBe(30);
    expect(parseSettings({ ...base, OUTBOX_LEASE_SECONDS: '3', TELEGRAM_TIMEOUT_MS: '1000', SMTP_URL: 'smtp://127.0.0.1:25', SMTP_TIMEOUT_MS: '1500' }).OUTBOX_LEASE_SECONDS).toBe(3);
  });

  it('refuses a lease shorter than twice the longest timeout of a channel that is on', () => {
    expect(() => parseSettings({ ...base, OUTBOX_LEASE_SECONDS: '5' })).toThrow(/OUTBOX_LEASE_SECONDS: 5 s is shorter than twice TELEGRAM_TIMEOUT_MS \(10000 ms\).*set it to 20 or more/);
    expect(() => parseSettings({ ...base, BITRIX24_WEBHOOK_URL: 'http://127.0.0.1/rest/1/key/', CRM_TIMEOUT_MS: '60000' })).toThrow(/twice CRM_TIMEOUT_MS/);
    expect(() => parseSettings({ ...base, SMTP_URL: 'smtp://127.0.0.1:25', SMTP_TIMEOUT_MS: '20000' })).toThrow(/twice SMTP_TIMEOUT_MS/);
    // A channel that is off does not count.
    expect(parseSettings({ OUTBOX_LEASE_SECONDS: '5', CRM_TIMEOUT_MS: '60000' }).OUTBOX_LEASE_SECONDS).toBe(5);
  });
});

describe('pacers', () => {
  it('do not take a slot further than the caller may wait: ChannelHeld says until when', async () => {
    const pacer = memoryPacer(async () => undefined);
    const until = Date.now() + 45_000;
    await pacer.holdUntil('telegram:-5', new Date(until));
    await expect(pacer.reserve('telegram:-5', 100, 2000)).rejects.toEqual(new ChannelHeld(until));
  });

  it('send nothing when the database cannot pace (no fallback to pacing alone)', async () => {
    const pacer = databasePacer(() => Promise.reject(new Error('ECONNREFUSED')));
    await expect(pacer.reserve('telegram:-5', 100)).rejects.toBeInstanceOf(OutboxDatabaseDown);
  });
});

describe.each(testDatabases())('the claim on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const queue = (texts: string[]) => db().insert(outboxMessages).values(texts.map((text) => ({ channel: 'telegram', payload: { text, line: text } })));
  const rows = () => db().select().from(outboxMessages).orderBy(outboxMessages.id);
  const expireLeases = () => db().update(outboxMessages).set({ lockedUntil: sql`now() - interval '1 second'` });

  beforeEach(async () => {
    await db().delete(outboxMessages);
  });

  it('settles only a claim still held: a row put back and claimed again (same attempt count) is not the first claim to settle', async () => {
    await queue(['lead A']);
    const [first] = await claimDue(db(), { limit: 1, leaseSeconds: 30 });
    await putBack(db(), [first!], Date.now() - 1000);
    const [second] = await claimDue(db(), { limit: 1, leaseSeconds: 30 });
    expect(second!.attempts).toBe(first!.attempts);
    expect(await markDelivered(db(), [first!])).toEqual([]);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', possibleRepeat: true });
    expect((await markDelivered(db(), [second!])).map((settled) => settled.id)).toEqual([row!.id]);
    [row] = await rows();
    expect(row!.status).toBe('delivered');
  });

  it('keeps the lease alive while a send outlasts it: no other worker claims the row meanwhile', async () => {
    await queue(['lead B']);
    const claimed = await claimDue(db(), { limit: 1, leaseSeconds: 1 });
    const takenMeanwhile = await keepLeaseWhile(db(), claimed, 1, async () => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return claimDue(db(), { limit: 1, leaseSeconds: 1 });
    });
    expect(takenMeanwhile).toEqual([]);
    expect(await markDelivered(db(), claimed)).toHaveLength(1);
  });

  it("never sleeps through a 429's wait inside a claim: the row goes back unclaimed, no attempt counted", async () => {
    await queue(['lead C']);
    const pacer = memoryPacer();
    const until = Date.now() + 45_000;
    await pacer.holdUntil(`telegram:${TARGET.chatId}`, new Date(until));
    const started = Date.now();
    await drainOutbox(db(), { telegram: telegramChannel(TARGET, { intervalMs: 100, pacer }) }, 10, 4);
    expect(Date.now() - started).toBeLessThan(3000);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect(Math.abs(row!.nextAttemptAt.getTime() - until)).toBeLessThan(1000);
  });

  it('sends nothing when the pacing read finds the database down', async () => {
    await queue(['lead D']);
    const pacer = databasePacer(() => Promise.reject(new Error('ECONNREFUSED')));
    await expect(drainOutbox(db(), { telegram: telegramChannel(TARGET, { intervalMs: 100, pacer }) })).rejects.toBeInstanceOf(OutboxDatabaseDown);
    // The pacer refused before any request: the Bot API address (port 9, discard) was never tried.
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', lastError: null });
  });

  it('settles a digest it sent while the database was away before claiming anything, and never sends it again', async () => {
    await queue(['lead E1', 'lead E2', 'lead E3']);
    const { db: cut, state } = flaky(db());
    const channel = recorder(async () => {
      state.down = true;
    });
    const memory: SettleMemory = [];
    await expect(drainOutbox(cut, { telegram: channel }, 10, 30, 1, memory)).rejects.toBeInstanceOf(OutboxDatabaseDown);
    expect(channel.texts).toHaveLength(1);
    expect(memory).toHaveLength(1);
    // Back later, the lease run out meanwhile: the worker settles first, and nothing goes twice.
    state.down = false;
    await expireLeases();
    const after = recorder();
    await drainOutbox(cut, { telegram: after }, 10, 30, 1, memory);
    expect(after.texts).toEqual([]);
    expect(memory).toEqual([]);
    expect((await rows()).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('sends a possible repeat as itself, marked, never inside a digest', async () => {
    await queue(['lead F1', 'lead F2', 'lead F3']);
    await db().update(outboxMessages).set({ possibleRepeat: true }).where(eq(outboxMessages.payload, { text: 'lead F2', line: 'lead F2' }));
    const channel = recorder();
    await drainOutbox(db(), { telegram: channel }, 10, 30, 1);
    expect(channel.texts).toHaveLength(2);
    const [digest, alone] = channel.texts;
    expect(digest).toContain('lead F1');
    expect(digest).toContain('lead F3');
    expect(digest).not.toContain('lead F2');
    expect(alone).toBe(`<i>${POSSIBLE_REPEAT_LINE}</i>\nlead F2`);
  });

  it('marks a send that timed out a possible repeat, and its next send says so', async () => {
    await queue(['lead G']);
    const timedOut = recorder(async () => {
      throw new DeliveryError('Telegram timed out after 1000 ms', { maybeSent: true });
    });
    await drainOutbox(db(), { telegram: timedOut });
    expect((await rows())[0]).toMatchObject({ status: 'pending', possibleRepeat: true });
    await db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    const channel = recorder();
    await drainOutbox(db(), { telegram: channel });
    expect(channel.texts).toEqual([`<i>${POSSIBLE_REPEAT_LINE}</i>\nlead G`]);
  });
});
