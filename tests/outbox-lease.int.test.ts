import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { startBitrix24Stub, type Bitrix24Stub } from './support/bitrix24-stub';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { startSmtpStub, type SmtpStub } from './support/smtp-stub';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { waitFor } from './support/wait-for';
import { withPgClient } from './support/pg-client';

/**
 * Two production servers on one PostgreSQL (through a TCP proxy the test controls) and one Redis,
 * delivering to stand-ins of Telegram, an SMTP server and Bitrix24, with sends that outlast the
 * outbox lease and a database that goes away under load. Every lead answered 200 reaches the chat,
 * the mailbox and the CRM exactly once (counted by the lead's name, digests included).
 *
 * The times are scaled down from the production ones (a lease of 30 s, Telegram's retry_after of
 * 45 s, a mail server 6 s an answer, a Bitrix24 add of 35 s): the lease is LEASE_SECONDS, and each
 * fault makes a send outlast it while every single request stays within its timeout (the start
 * refuses a lease shorter than twice the longest timeout): a 429 whose retry_after is longer than
 * the lease; a mail server answering each of its four steps 2 s late (8 s a mail); a Bitrix24 whose
 * four calls of a delivery (the lookup, two contact searches, the add) each take 1.8 s (7.2 s).
 * Runs only when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const LEASE_SECONDS = 6;
const RETRY_AFTER_SECONDS = 8;
/** Time for a second claim to show after the last delivery: two short leases. */
const SETTLE_MS = 2 * LEASE_SECONDS * 1000;
const CUT_MS = 20_000;

describe.skipIf(!adminUrl || !redisUrl)('two instances, sends that outlast the lease, a database that goes away', () => {
  const run = randomBytes(4).toString('hex');
  const database = `f44_outbox_${Date.now().toString(36)}_${run}`;
  const prefix = `198.${18 + (randomBytes(1)[0]! & 1)}.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  const servers: AppServer[] = [];
  let proxy: TcpProxy;
  let bot: BotApiStub;
  let smtp: SmtpStub;
  let bitrix: Bitrix24Stub;
  let serial = 0;
  let env: Record<string, string>;

  const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(adminUrl!, work);

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE "${database}"`));
    const pgUrl = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const url = new URL(adminUrl!);
    url.host = `${proxy.host}:${proxy.port}`;
    url.pathname = `/${database}`;
    bot = await startBotApiStub();
    smtp = await startSmtpStub();
    bitrix = await startBitrix24Stub();
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      TRUST_PROXY: '1',
      TELEGRAM_BOT_TOKEN: '4444:lease-test',
      TELEGRAM_CHAT_ID: '-1004',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '100',
      TELEGRAM_TIMEOUT_MS: '1000',
      SMTP_URL: smtp.url,
      SMTP_TIMEOUT_MS: '3000',
      SALES_EMAIL: 'sales@example.com',
      MAIL_FROM: 'site@example.com',
      BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
      BITRIX24_DUPLICATES: 'link',
      CRM_TIMEOUT_MS: '3000',
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      OUTBOX_POLL_MS: '300',
      // Digests on: more than three Telegram messages due go out several leads a message.
      OUTBOX_DIGEST_THRESHOLD: '3',
      LOG_LEVEL: 'warn',
    };
    // One after the other: the first applies the migrations.
    servers.push(await startAppServer(env));
    servers.push(await startAppServer({ ...env, PORT: '' }));
  }, 900_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await Promise.all([bot?.close(), smtp?.close(), bitrix?.close(), proxy?.close()]);
    if (adminUrl) {
      for (const name of [database, `${database}_cut`]) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(() => {});
    }
    if (redisUrl && addresses.length) {
      const redis = new Redis(redisUrl);
      await redis.del(...addresses.map((address) => `rl:leadIp:${address}`)).catch(() => {});
      redis.disconnect();
    }
  });

  /** Posts one lead to one of the two servers (in turn); returns its name when answered 200. */
  async function postLead(tag: string): Promise<string | undefined> {
    const index = ++serial;
    const name = `${tag}-${run}-${String(index).padStart(4, '0')}`;
    const address = `${prefix}.${(index % 250) + 1}`;
    addresses.push(address);
    try {
      const response = await fetch(`${servers[index % 2]!.url}/api/telega/send-mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': address },
        body: JSON.stringify({ t: 'btn_demo', lang: 'en', name, phone: `+7912${String(index).padStart(7, '0')}`, email: `l${index}@example.com`, t_client: 1, consent: true }),
        signal: AbortSignal.timeout(15_000),
      });
      return response.status === 200 ? name : undefined;
    } catch {
      return undefined;
    }
  }

  const count = (texts: string[], name: string) => texts.filter((text) => text.includes(name)).length;
  const chat = () => bot.messages.map((message) => message.text);
  const mails = () => smtp.mails.map((mail) => mail.raw.replace(/=\r?\n/g, ''));
  const records = () => bitrix.leads.map((lead) => String(lead.fields.NAME));
  const channels = { chat, mail: mails, crm: records };

  /** Once every name is in every channel, and two leases more: how many times each was delivered, per channel. */
  async function deliveries(names: string[], timeoutMs = 120_000) {
    const arrived = () => names.every((name) => count(chat(), name) > 0 && count(mails(), name) > 0 && records().includes(name));
    await waitFor(arrived, timeoutMs, `${names.length} leads in chat, mailbox and CRM`).catch((error: Error) => {
      const missing = Object.entries(channels).map(([channel, texts]) => `${channel}: ${names.filter((name) => count(texts(), name) === 0).length} missing`);
      const logs = servers.map((server) => server.output().split('\n').filter((line) => /outbox|error|fail/i.test(line)).slice(-15).join('\n'));
      throw new Error(`${error.message} (${missing.join(', ')})\n${logs.join('\n---\n')}`);
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const times = Object.fromEntries(Object.entries(channels).map(([channel, texts]) => [channel, names.map((name) => count(texts(), name))]));
    const twice = Object.fromEntries(Object.entries(times).map(([channel, counts]) => [channel, counts.filter((n) => n > 1).length]));
    console.info(`[outbox-lease] ${names.length} leads; duplicates: ${JSON.stringify(twice)}`);
    return times;
  }
  const once = (names: string[]) => ({ chat: names.map(() => 1), mail: names.map(() => 1), crm: names.map(() => 1) });

  it(`Telegram answering 429 with retry_after ${RETRY_AFTER_SECONDS} s (longer than the lease): each lead in the chat once`, { timeout: 180_000 }, async () => {
    bot.setMode('rate-limit-once', RETRY_AFTER_SECONDS);
    const names = (await Promise.all(Array.from({ length: 6 }, () => postLead('Hold')))).filter((name) => name !== undefined);
    expect(names).toHaveLength(6);
    expect(await deliveries(names)).toEqual(once(names));
    expect(bot.log.filter((entry) => entry.status === 429)).toHaveLength(1);
  });

  it('a mail server answering each step 2 s late (8 s a mail, more than the lease): each e-mail arrives once', { timeout: 180_000 }, async () => {
    smtp.setDelay(2000);
    try {
      const names = (await Promise.all(Array.from({ length: 2 }, () => postLead('Mail')))).filter((name) => name !== undefined);
      expect(names).toHaveLength(2);
      expect(await deliveries(names)).toEqual(once(names));
    } finally {
      smtp.setDelay(0);
    }
  });

  it('a Bitrix24 taking 1.8 s a call (7.2 s a delivery, more than the lease): one CRM record per lead', { timeout: 180_000 }, async () => {
    bitrix.setDelay(1800);
    try {
      const names = (await Promise.all(Array.from({ length: 2 }, () => postLead('Crm')))).filter((name) => name !== undefined);
      expect(names).toHaveLength(2);
      expect(await deliveries(names)).toEqual(once(names));
    } finally {
      bitrix.setDelay(0);
    }
  });

  it(`PostgreSQL cut for ${CUT_MS / 1000} s under a steady load of leads, digests on: every lead answered 200 in the chat, none twice`, { timeout: 300_000 }, async () => {
    // The production lease (30 s): a database away for less than a lease. (With the short lease
    // above, the rows a worker sent before the cut could be claimed by the other one as soon as
    // the database is back, before their sender settles them.) Two new servers on a new database.
    await Promise.all(servers.splice(0).map((server) => server.kill('SIGKILL')));
    // A new database numbers its leads from 1 again, and the CRM finds a lead by our number
    // (ORIGIN_ID): the stand-in forgets the earlier tests' records, as another portal would have none.
    bitrix.reset();
    await admin((client) => client.query(`CREATE DATABASE "${database}_cut"`));
    const url = new URL(env.DATABASE_URL!);
    url.pathname = `/${database}_cut`;
    const cutEnv = { ...env, DATABASE_URL: url.toString(), OUTBOX_LEASE_SECONDS: '30' };
    servers.push(await startAppServer(cutEnv));
    servers.push(await startAppServer({ ...cutEnv, PORT: '' }));

    const posts: Array<Promise<string | undefined>> = [];
    const started = Date.now();
    const load = (async () => {
      while (Date.now() - started < CUT_MS + 15_000) {
        posts.push(postLead('Cut'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    proxy.setMode('cut');
    await new Promise((resolve) => setTimeout(resolve, CUT_MS));
    proxy.setMode('pass');
    await load;
    const answered = await Promise.all(posts);
    const names = answered.filter((name) => name !== undefined);
    console.info(`[outbox-lease] cut: ${posts.length} posts, ${names.length} answered 200, ${bot.messages.length} chat messages so far`);
    expect(names.length).toBeGreaterThan(40);
    const times = await deliveries(names, 180_000);
    expect(times).toEqual(once(names));
  });
});
