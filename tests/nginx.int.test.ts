import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { waitFor } from './support/wait-for';

/**
 * The topology of compose.yaml on loopback: the migrations as a step of their own, then two
 * instances on one PostgreSQL database and one Redis, behind nginx running deploy/nginx.conf
 * (Debian's nginx; only the upstream addresses, the listen port and the pid file are replaced).
 * Leads posted through nginx reach both instances and are delivered once each; pages pass through
 * with the app's precompressed bytes and the request id nginx gave them.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const root = fileURLToPath(new URL('..', import.meta.url));
const LEADS = 30;

if (!adminUrl || !redisUrl) console.log('tests/nginx.int.test.ts skipped: it needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL and Redis answering)');

describe.skipIf(!adminUrl || !redisUrl)('two instances behind nginx (deploy/nginx.conf)', () => {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `nginx_${run}`;
  const dir = mkdtempSync(join(tmpdir(), 'epcsu-nginx-'));
  const prefix = `198.18.${randomBytes(1)[0]!}`;
  const addresses: string[] = [];
  const servers: AppServer[] = [];
  let nginx: ChildProcess | undefined;
  let bot: BotApiStub | undefined;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    if (nginx?.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    await bot?.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)).catch(() => {});
    if (addresses.length) {
      const redis = new Redis(redisUrl!);
      await redis.del(...addresses.map((address) => `rl:leadIp:${address}`)).catch(() => {});
      redis.disconnect();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves through nginx from both instances and delivers every lead once', { timeout: 900_000 }, async () => {
    expect(NGINX, 'nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)').toBeDefined();
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
    };
    servers.push(...(await Promise.all([startAppServer(env), startAppServer(env)])));

    // deploy/nginx.conf with loopback addresses.
    const port = await freePort();
    const [first, second] = servers.map((server) => new URL(server.url).port);
    const config = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
      .replace('server app1:3000', `server 127.0.0.1:${first}`)
      .replace('server app2:3000', `server 127.0.0.1:${second}`)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
      .replace(/pid [^;]+;/, `pid ${join(dir, 'nginx.pid')};`)
      .replace(/worker_processes [^;]+;/, 'worker_processes 1;');
    expect(config).toContain(`server 127.0.0.1:${second}`);
    mkdirSync(join(dir, 'logs'), { recursive: true });
    const confPath = join(dir, 'nginx.conf');
    writeFileSync(confPath, config);
    const checked = spawnSync(NGINX!, ['-t', '-p', dir, '-c', confPath], { encoding: 'utf8' });
    expect(checked.status, checked.stderr).toBe(0);
    nginx = spawn(NGINX!, ['-p', dir, '-c', confPath, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    const front = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${front}/nginx-livez`).catch(() => undefined))?.status === 200, 10_000, 'nginx');

    // A page: the app's brotli bytes, as they are, with nginx's request id kept.
    const wire = (base: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(`${base}/ru/epc`, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const [direct, proxied] = [await wire(servers[0]!.url), await wire(front)];
    expect(proxied.headers['content-encoding']).toBe('br');
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(proxied.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect((await fetch(`${front}/metrics`)).status).toBe(404);

    const names = Array.from({ length: LEADS }, (_, i) => `Nginx ${run} ${String(i).padStart(3, '0')}`);
    const statuses = await Promise.all(
      names.map((name, i) => {
        const address = `${prefix}.${i + 1}`;
        addresses.push(address);
        return fetch(`${front}/api/telega/send-mail`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': address },
          body: JSON.stringify({ t: 'btn_demo', lang: 'en', name, phone: '+79123456789', email: `n${i}@example.com`, t_client: 1, consent: true }),
        }).then((response) => response.status);
      }),
    );
    expect(statuses).toEqual(names.map(() => 200));
    await waitFor(() => names.every((name) => bot!.messages.some((message) => message.text.includes(name))), 60_000, 'every lead delivered');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const name of names) expect(bot.messages.filter((message) => message.text.includes(name)).length, name).toBe(1);
    const served = servers.map((server) => server.output().split('\n').filter((line) => line.includes('"route":"lead"') && line.includes('"status":200')).length);
    console.log(`behind nginx: ${LEADS} leads, instance 1 took ${served[0]}, instance 2 took ${served[1]}; all delivered once`);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
  });
});
