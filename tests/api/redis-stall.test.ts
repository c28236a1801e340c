import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/auth/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { leads } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { closeRedisForTests, redisHealth } from '@/server/redis';
import { jsonRequest } from '../support/requests';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { useTestDb } from '../support/test-db';
import { waitFor } from '../support/wait-for';

/**
 * The app's own Redis client (REDIS_URL) behind a TCP proxy that black-holes it: the connection
 * stays open and silent, as a hung Redis or a partition leaves it. Lead, login and registration
 * posts still answer at once (the limits fall to memory), each lead is stored once, and the
 * limits are counted in Redis again once it answers.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const POSTS = 12;
/** What a post may take with Redis silent (the limiter gives up on it within half a second). */
const BOUND_MS = 1000;

const holder = globalThis as typeof globalThis & { __appLimiters?: unknown };

describe.skipIf(!redisUrl)('a Redis that stops answering', () => {
  const db = useTestDb('pglite');
  const run = randomBytes(4).toString('hex');
  const prefix = `198.19.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  let proxy: TcpProxy | undefined;
  const direct = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });

  afterAll(async () => {
    closeRedisForTests();
    delete holder.__appLimiters;
    setEnvForTests();
    await proxy?.close();
    if (addresses.length) await direct.del(...addresses.map((address) => `rl:leadIp:${address}`)).catch(() => {});
    direct.disconnect();
  });

  /** A post, timed; one that takes over 5 s is given up (a stall), not waited for. */
  async function timed(response: Promise<Response>): Promise<{ status: number; ms: number }> {
    const started = performance.now();
    const stalled = new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(null, { status: 599 })), 5000).unref());
    const answer = await Promise.race([response, stalled]);
    return { status: answer.status, ms: Math.round(performance.now() - started) };
  }

  const lead = (name: string, i: number) => {
    const address = `${prefix}.${i + 1}`;
    addresses.push(address);
    return sendLead(
      jsonRequest('/api/telega/send-mail', { t: 'btn_demo', lang: 'en', name, phone: '+79123456789', email: `stall${i}@example.com`, t_client: 1, consent: true }, { lang: 'en', address }),
    );
  };

  it('answers lead, login and registration posts within a second while Redis is silent, and counts in Redis again after', { timeout: 120_000 }, async () => {
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    setEnvForTests({ REDIS_URL: `redis://${proxy.host}:${proxy.port}`, TRUST_PROXY: '1' });
    // The limiters and the client the app makes from its settings (not the tests' memory ones).
    closeRedisForTests();
    delete holder.__appLimiters;
    const name = (i: number) => `Stall ${run} ${String(i).padStart(3, '0')}`;

    // Redis answering: the limit is counted there.
    await waitFor(() => redisHealth().state === 'up', 10_000, 'the connection to Redis');
    expect((await timed(lead(name(0), 0))).status).toBe(200);
    expect(await direct.get(`rl:leadIp:${prefix}.1`)).toBe('1');

    proxy.setMode('blackhole');
    const times: number[] = [];
    const statuses: number[] = [];
    for (let i = 1; i <= POSTS; i++) {
      const answer = await timed(lead(name(i), i));
      times.push(answer.ms);
      statuses.push(answer.status);
    }
    const email = `stall-${run}@example.com`;
    const account = { email, phone: '+79123456789', pw: 'a rather unusual passphrase', pw2: 'a rather unusual passphrase', name_i: 'Иван', firm_name: 'Firm', country_name: 'Россия', city_name: 'Казань', consent: true };
    const registered = await timed(register(jsonRequest('/api/auth/registration', account, { lang: 'en', address: `${prefix}.200` })));
    const signedIn = await timed(login(jsonRequest('/api/auth/auth', { email, pw: account.pw }, { lang: 'en', address: `${prefix}.201` })));
    const sorted = [...times].sort((a, b) => a - b);
    console.info(
      `Redis black-holed: ${POSTS} lead posts, statuses ${[...new Set(statuses)].join(',')}, max ${sorted.at(-1)} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms; registration ${registered.status} in ${registered.ms} ms, login ${signedIn.status} in ${signedIn.ms} ms`,
    );
    expect(statuses).toEqual(Array(POSTS).fill(200));
    expect(Math.max(...times)).toBeLessThan(BOUND_MS);
    expect([registered.status, signedIn.status]).toEqual([200, 200]);
    expect(Math.max(registered.ms, signedIn.ms)).toBeLessThan(BOUND_MS);
    expect(redisHealth()).toMatchObject({ state: 'down', lastErrorAt: expect.any(String) });

    // Each lead stored once.
    const rows = await db.handle.db.select({ name: leads.name }).from(leads).where(like(leads.name, `Stall ${run} %`));
    expect(rows.map((row) => row.name).sort()).toEqual(Array.from({ length: POSTS + 1 }, (_, i) => name(i)));

    // Redis answers again: the limits go back to it.
    proxy.setMode('pass');
    const back = performance.now();
    await waitFor(() => redisHealth().state === 'up', 10_000, 'Redis up again');
    console.info(`Redis answering again: counted in it after ${Math.round(performance.now() - back)} ms`);
    expect((await timed(lead(name(POSTS + 1), POSTS + 1))).status).toBe(200);
    expect(await direct.get(`rl:leadIp:${prefix}.${POSTS + 2}`)).toBe('1');
  });
});
