import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { waitFor } from './support/wait-for';
import { withPgClient } from './support/pg-client';

/**
 * Two production servers against one PostgreSQL database and one Redis: every lead posted to
 * either is delivered exactly once (the outbox claim), the per-address lead limit is counted
 * across both, and together they keep the chat's pace. Runs only when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const LEADS = 40;
const LEAD_LIMIT = 20;


describe.skipIf(!adminUrl || !redisUrl)('two instances on one PostgreSQL and one Redis', () => {
  const run = randomBytes(4).toString('hex');
  const database = `multi_${Date.now().toString(36)}_${run}`;
  // Addresses of this run only (198.18.0.0/15 is for benchmarks), so a shared Redis never mixes runs.
  const prefix = `198.${18 + (randomBytes(1)[0]! & 1)}.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  let bot: BotApiStub | undefined;
  const servers: AppServer[] = [];

  const admin = <T>(work: (client: pg.Client) => Promise<T>, connectionString = adminUrl!) => withPgClient(connectionString, work);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await bot?.close();
    if (adminUrl) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).catch(() => {});
    if (redisUrl && addresses.length) {
      const redis = new Redis(redisUrl);
      await redis.del(...addresses.map((address) => `rl:leadIp:${address}`)).catch(() => {});
      redis.disconnect();
    }
  });

  it('delivers each lead exactly once, shares the per-address limit and paces the chat together', { timeout: 900_000 }, async () => {
    await admin((client) => client.query(`CREATE DATABASE "${database}"`));
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    // The stand-in refuses (429) a message sooner than 100 ms after the previous one to the chat;
    // each server keeps 200 ms, and the two take turns through the database (delivery_pacing).
    // The 100 ms between the two is for the jitter of timers and loopback (one 429 was seen at 50).
    bot = await startBotApiStub({ minIntervalMs: 100 });
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      TRUST_PROXY: '1',
      TELEGRAM_BOT_TOKEN: '999:multi-test',
      TELEGRAM_CHAT_ID: '-1002',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '200',
      OUTBOX_POLL_MS: '300',
      // One message per lead: the test counts them (digests have their own tests).
      OUTBOX_DIGEST_THRESHOLD: '0',
      SMTP_URL: '',
      SALES_EMAIL: '',
      LOG_LEVEL: 'warn',
    };
    // One after the other: the first applies the migrations.
    servers.push(await startAppServer(env));
    servers.push(await startAppServer({ ...env, PORT: '' }));

    const post = (index: number, name: string, address: string) => {
      addresses.push(address);
      return fetch(`${servers[index % 2]!.url}/api/telega/send-mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': address },
        body: JSON.stringify({ t: 'btn_demo', lang: 'en', name, phone: '+79123456789', email: `m${index}@example.com`, t_client: 1, consent: true }),
      });
    };

    const expected: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: LEADS }, (_, i) => {
        const name = `Multi-${run}-${i}`;
        expected.push(name);
        return post(i, name, `${prefix}.${i + 1}`);
      }),
    );
    expect(answers.map((response) => response.status)).toEqual(Array(LEADS).fill(200));

    // The same address on both instances: the limit is counted once, across them.
    const shared = `${prefix}.250`;
    const statuses: number[] = [];
    for (let i = 0; i <= LEAD_LIMIT; i++) {
      const name = `Limit-${run}-${i}`;
      const response = await post(i, name, shared);
      statuses.push(response.status);
      if (response.status === 200) expected.push(name);
      else expect(response.headers.get('retry-after')).toBeTruthy();
    }
    expect(statuses.slice(0, LEAD_LIMIT)).toEqual(Array(LEAD_LIMIT).fill(200));
    expect(statuses[LEAD_LIMIT]).toBe(429);

    const namesIn = () => bot!.messages.map((message) => /(?:Multi|Limit)-[0-9a-f]+-\d+/.exec(message.text)?.[0]).filter(Boolean);
    await waitFor(() => new Set(namesIn()).size >= expected.length, 120_000, 'every lead to arrive');
    // A duplicate would come from a second claim of a row, and every claim counts an attempt (one
    // that was not sent is given back): once every row is delivered and the stand-in has had as
    // many requests as the rows count attempts, no send is still on its way.
    const telegramRows = () =>
      admin(async (client) => {
        const { rows } = await client.query<{ total: number; delivered: number; attempts: number }>(
          `select count(*)::int as total, (count(*) filter (where status = 'delivered'))::int as delivered, coalesce(sum(attempts), 0)::int as attempts from outbox_messages where channel = 'telegram'`,
        );
        return rows[0]!;
      }, url.toString());
    await waitFor(
      async () => {
        const { total, delivered, attempts } = await telegramRows();
        return total === expected.length && delivered === total && attempts === bot!.log.length;
      },
      60_000,
      'every row delivered and each attempt at the stand-in',
    );
    const counts = new Map<string, number>();
    for (const name of namesIn()) counts.set(name!, (counts.get(name!) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(bot.messages).toHaveLength(LEADS + LEAD_LIMIT);
    // Paced together: alone, each would keep 200 ms and the two together would often come closer.
    console.info(`two instances: ${bot.messages.length} messages, ${bot.log.filter((entry) => entry.status === 429).length} answered 429`);
    expect(bot.log.filter((entry) => entry.status === 429).length).toBeLessThanOrEqual(1);
  });
});
