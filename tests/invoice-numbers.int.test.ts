import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { BUYER, SELLER_SETTINGS } from './support/seller.mjs';

/**
 * Two production servers on one PostgreSQL are asked for 200 invoices at once: each invoice
 * gets a number, the numbers of the year run 1…200 without a gap or a repeat, and each invoice
 * has its lead. Runs only when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const INVOICES = 200;
const ACCOUNTS = 4;

describe.skipIf(!adminUrl || !redisUrl)('invoice numbers from two instances', () => {
  const run = randomBytes(4).toString('hex');
  const database = `invoices_${Date.now().toString(36)}_${run}`;
  // Addresses of this run only (198.18.0.0/15 is for benchmarks), so the shared Redis never mixes runs.
  const prefix = `198.${18 + (randomBytes(1)[0]! & 1)}.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  const servers: AppServer[] = [];
  let next = 0;
  const address = () => {
    next += 1;
    const value = `${prefix}.${next}`;
    addresses.push(value);
    return value;
  };

  async function query<T extends pg.QueryResultRow>(text: string, connectionString = adminUrl): Promise<T[]> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    if (adminUrl) await query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
    if (redisUrl && addresses.length) {
      const redis = new Redis(redisUrl);
      await redis.del(...addresses.flatMap((value) => [`rl:billingIp:${value}`, `rl:authIp:${value}`])).catch(() => {});
      redis.disconnect();
    }
  });

  it(`gives ${INVOICES} invoices sent at once ${INVOICES} consecutive numbers, none twice`, { timeout: 900_000 }, async () => {
    await query(`CREATE DATABASE "${database}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      TRUST_PROXY: '1',
      SMTP_URL: '',
      SALES_EMAIL: '',
      TELEGRAM_BOT_TOKEN: '',
      LOG_LEVEL: 'warn',
      // The seller's name and numbers are build-time (the shared build has them), its bank is read at run time.
      ...SELLER_SETTINGS,
    };
    // One after the other: the first applies the migrations.
    servers.push(await startAppServer(env));
    servers.push(await startAppServer(env));

    const tokens: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const response = await fetch(`${servers[i % 2]!.url}/api/auth/registration`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address() },
        body: JSON.stringify({ email: `n${i}-${run}@example.com`, phone: '+79123456789', pw: 'a rather unusual passphrase', pw2: 'a rather unusual passphrase', name_i: 'Иван', firm_name: 'Firm', country_name: 'Россия', city_name: 'Казань', consent: true }),
      });
      expect(response.status).toBe(200);
      tokens.push((await response.json()).result.token);
    }

    const order = { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }] };
    const answers = await Promise.all(
      Array.from({ length: INVOICES }, async (_, i) => {
        const response = await fetch(`${servers[i % 2]!.url}/api/invoices`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[i % ACCOUNTS]}`, 'X-Forwarded-For': address() },
          body: JSON.stringify(order),
        });
        return { status: response.status, number: response.ok ? ((await response.json()).result.invoice.number as string) : '' };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(INVOICES).fill(200));
    const year = answers[0]!.number.slice(0, 4);
    const seqs = answers.map((answer) => Number(answer.number.slice(5))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: INVOICES }, (_, i) => i + 1));
    expect(new Set(answers.map((answer) => answer.number)).size).toBe(INVOICES);

    const [stored] = await query<{ invoices: number; leads: number; numbers: number; last: number }>(
      `select (select count(*)::int from invoices) as invoices,
              (select count(*)::int from leads where kind = 'invoice') as leads,
              (select count(distinct number)::int from invoices) as numbers,
              (select last from invoice_counters where year = ${Number(year)}) as last`,
      url.toString(),
    );
    expect(stored).toEqual({ invoices: INVOICES, leads: INVOICES, numbers: INVOICES, last: INVOICES });
  });
});
