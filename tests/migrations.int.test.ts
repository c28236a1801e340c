import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { withPgClient } from './support/pg-client';

/**
 * Migrations (docs/decisions/021): `npm run db:migrate` as a step of its own, and at every start
 * under a PostgreSQL advisory lock, so that two instances starting at the same moment on a new
 * database both come up; a migration that fails stops the start with a message. Needs
 * TEST_DATABASE_URL (a PostgreSQL server where the test may create databases).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('..', import.meta.url));

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databases: string[] = [];
  const servers: AppServer[] = [];

  function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
    const url = new URL(adminUrl!);
    if (database) url.pathname = `/${database}`;
    return withPgClient(url.toString(), work);
  }

  async function freshDatabase(tag: string): Promise<{ name: string; url: string }> {
    const name = `mig_${tag}_${run}`;
    databases.push(name);
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return { name, url: url.toString() };
  }
  const tables = (database: string) =>
    admin(async (client) => (await client.query(`select tablename from pg_tables where schemaname = 'public' order by 1`)).rows.map((row) => row.tablename as string), database);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGTERM')));
    for (const name of databases) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch(() => {});
  });

  it('npm run db:migrate applies them as a step of its own, and again finds nothing to do', () => {
    return (async () => {
      const { name, url } = await freshDatabase('step');
      for (let i = 0; i < 2; i++) {
        const migrated = spawnSync(process.execPath, ['scripts/migrate.mjs'], { cwd: root, env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url }, encoding: 'utf8' });
        expect(migrated.status, migrated.stderr).toBe(0);
        expect(migrated.stdout).toContain('Migrations applied');
      }
      expect(await tables(name)).toEqual(expect.arrayContaining(['leads', 'outbox_messages', 'users', 'staff']));
    })();
  }, 60_000);

  it('two instances started at the same moment on a new database both come up', { timeout: 900_000 }, async () => {
    const { name, url } = await freshDatabase('pair');
    const env = { DATABASE_URL: url, LOG_LEVEL: 'warn', SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', TELEGRAM_CHAT_ID: '' };
    const started = Date.now();
    const pair = await Promise.allSettled([startAppServer(env), startAppServer(env)]);
    for (const result of pair) if (result.status === 'fulfilled') servers.push(result.value);
    expect(pair.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual(['up', 'up']);
    console.log(`two instances on a new database: both ready in ${Date.now() - started} ms`);
    for (const server of servers.slice(-2)) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    const applied = await admin((client) => client.query('select count(*)::int as n from drizzle.__drizzle_migrations'), name);
    const files = spawnSync('ls', ['src/db/migrations'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter((file) => file.endsWith('.sql'));
    // Each migration applied once, not once per instance.
    expect(applied.rows[0].n).toBe(files.length);
  });

  it('a migration that fails stops the start with a message', { timeout: 600_000 }, async () => {
    const { name, url } = await freshDatabase('broken');
    // A table in the way of the first migration, with another shape: its CREATE TABLE fails.
    await admin((client) => client.query('create table users (id text)'), name);
    const failed = await startAppServer({ DATABASE_URL: url, LOG_LEVEL: 'warn' }).then(
      (server) => {
        servers.push(server);
        return '';
      },
      (error: Error) => error.message,
    );
    expect(failed).toContain('server exited early');
    expect(failed).toContain('a database migration failed');
  });
});
