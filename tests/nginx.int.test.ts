import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { NGINX, startFront } from './support/front-nginx.mjs';
import { startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { waitFor } from './support/wait-for';
import { withPgClient } from './support/pg-client';

/**
 * The topology of compose.yaml on loopback: the migrations as a step of their own, then two
 * instances on one PostgreSQL database and one Redis, behind nginx running deploy/nginx.conf
 * (Debian's nginx; tests/support/front-nginx.mjs replaces only the addresses, the pid file, the
 * cache's directory and the worker count). Leads posted through nginx reach both instances and are delivered once
 * each; pages pass through with the app's precompressed bytes and the request id nginx gave them;
 * nginx keeps what the app lets a shared cache keep, and nothing else, and serves it while both
 * instances are down.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const root = fileURLToPath(new URL('..', import.meta.url));
const LEADS = 30;

if (!adminUrl || !redisUrl) console.log('tests/nginx.int.test.ts skipped: it needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis answering)');

describe.skipIf(!adminUrl || !redisUrl)('two instances behind nginx (deploy/nginx.conf)', () => {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `nginx_${run}`;
  const prefix = `198.18.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  const servers: AppServer[] = [];
  let front: Awaited<ReturnType<typeof startFront>> | undefined;
  let bot: BotApiStub | undefined;

  const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(adminUrl!, work);

  afterAll(async () => {
    await front?.stop();
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await bot?.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).catch(() => {});
    if (addresses.length) {
      const redis = new Redis(redisUrl!);
      await redis.del(...addresses.map((address) => `rl:leadIp:${address}`)).catch(() => {});
      redis.disconnect();
    }
  });

  it('serves through nginx from both instances and delivers every lead once', { timeout: 900_000 }, async () => {
    expect(existsSync(NGINX), 'nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)').toBe(true);
    await admin((client) => client.query(`CREATE DATABASE "${database}"`));
    const url = new URL(adminUrl!);
    url.pathname = `/${database}`;

    // compose.yaml's `migrate` service, before the instances.
    const migrated = spawnSync(process.execPath, ['scripts/migrate.mjs'], { cwd: root, env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString() }, encoding: 'utf8' });
    expect(migrated.status, migrated.stderr).toBe(0);

    bot = await startBotApiStub();
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      // compose.yaml says 1 (nginx); the test plays a CDN in front of nginx as well, naming each
      // lead's own client address, so that the per-address limit (20) is not what it measures.
      TRUST_PROXY: '2',
      TELEGRAM_BOT_TOKEN: '888:nginx-test',
      TELEGRAM_CHAT_ID: '-1004',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '0',
      OUTBOX_POLL_MS: '300',
      OUTBOX_DIGEST_THRESHOLD: '0',
      SMTP_URL: '',
      SALES_EMAIL: '',
      LOG_LEVEL: 'info',
      // A kept page goes stale in 2 s here (60 by default), so that the test sees nginx serve a
      // stale one while both instances are down.
      CDN_MAX_AGE: '2',
    };
    servers.push(...(await Promise.all([startAppServer(env), startAppServer(env)])));

    // deploy/nginx.conf with loopback addresses.
    front = await startFront(servers.map((server) => new URL(server.url).host));
    const frontUrl = front.url;

    // A page: the app's brotli bytes, as they are, with nginx's request id kept.
    const wire = (base: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(`${base}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const [direct, proxied, again] = [await wire(servers[0]!.url, '/ru/epc'), await wire(frontUrl, '/ru/epc'), await wire(frontUrl, '/ru/epc')];
    expect(proxied.headers['content-encoding']).toBe('br');
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${frontUrl}/metrics`)).status).toBe(404);
    // A product page differs by the visitor's country (`private`): nginx never keeps it.
    expect(proxied.headers['cache-control']).toBe('private, no-cache');
    expect([proxied.headers['x-cache'], again.headers['x-cache']]).toEqual(['MISS', 'MISS']);

    // The home page is the same for every visitor (`public, s-maxage`): after the first answer nginx
    // answers it from its cache, the same bytes, each answer with its own request id, and a 304 for
    // the ETag a browser holds.
    const home = [await wire(frontUrl, '/ru'), await wire(frontUrl, '/ru')];
    expect(home.map((answer) => answer.headers['x-cache'])).toEqual(['MISS', 'HIT']);
    expect(home[1]!.body.equals((await wire(servers[1]!.url, '/ru')).body)).toBe(true);
    expect(home[1]!.headers['content-encoding']).toBe('br');
    expect(home[1]!.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(home[1]!.headers['x-request-id']).not.toBe(home[0]!.headers['x-request-id']);
    const revalidated = await wire(frontUrl, '/ru', { 'If-None-Match': String(home[1]!.headers.etag) });
    expect([revalidated.status, revalidated.headers['x-cache']]).toEqual([304, 'HIT']);
    // Never kept, though the app lets a cache keep it: a 404 for a made-up address (nginx keeps 200s only).
    const missing = [await wire(frontUrl, `/ru/nothing-${run}`), await wire(frontUrl, `/ru/nothing-${run}`)];
    expect(missing.map((answer) => [answer.status, answer.headers['x-cache']])).toEqual([
      [404, 'MISS'],
      [404, 'MISS'],
    ]);

    const names = Array.from({ length: LEADS }, (_, i) => `Nginx ${run} ${String(i).padStart(3, '0')}`);
    const statuses = await Promise.all(
      names.map((name, i) => {
        const address = `${prefix}.${i + 1}`;
        addresses.push(address);
        return fetch(`${frontUrl}/api/telega/send-mail`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': address },
          body: JSON.stringify({ t: 'btn_demo', lang: 'en', name, phone: '+79123456789', email: `n${i}@example.com`, t_client: 1, consent: true }),
        }).then((response) => `${response.status} ${response.headers.get('x-cache') ?? 'not looked up'}`);
      }),
    );
    // A post is never looked up in the cache.
    expect(statuses).toEqual(names.map(() => '200 not looked up'));
    await waitFor(() => names.every((name) => bot!.messages.some((message) => message.text.includes(name))), 60_000, 'every lead delivered');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const name of names) expect(bot.messages.filter((message) => message.text.includes(name)).length, name).toBe(1);
    const served = servers.map((server) => server.output().split('\n').filter((line) => line.includes('"route":"lead"') && line.includes('"status":200')).length);
    console.log(`behind nginx: ${LEADS} leads, instance 1 took ${served[0]}, instance 2 took ${served[1]}; all delivered once`);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);

    // Both instances down (a restart of the whole app): the kept home page is still answered, stale;
    // what was never kept cannot be.
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const [stale, unkept] = [await wire(frontUrl, '/ru'), await wire(frontUrl, '/ru/epc')];
    expect(stale.status).toBe(200);
    expect(['STALE', 'UPDATING']).toContain(stale.headers['x-cache']);
    expect(stale.body.equals(home[1]!.body)).toBe(true);
    expect(unkept.status).toBe(502);
  });
});
