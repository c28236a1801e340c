import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { setDbForTests } from '@/server/database';
import { createStaff } from '@/server/desk/staff';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { bearer, signUp } from './support/customer';
import { jsonRequest } from './support/requests';
import { BUYER, SELLER_SETTINGS } from './support/seller.mjs';

/**
 * `npm run db:backup` and `npm run db:restore` (docs/decisions/043-monitoring-and-backups.md), as an operator runs them, on
 * both databases: a database with leads, accounts, staff, an invoice and outbox rows in every state
 * is backed up, restored into a new database, and every table reads back the same, row for row
 * (the outbox's statuses, attempts and errors included). Also: the embedded database is not read
 * while open, and a restore never writes over a database that has data.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const kinds = adminUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const work = mkdtempSync(join(tmpdir(), 'epcsu-backup-'));
const created: string[] = [];

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (adminUrl && created.length) {
    const admin = await openPostgres(adminUrl, 1);
    for (const name of created) await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin.close();
  }
});

/** A new PostgreSQL database on the test server (dropped at the end): its URL. */
async function newPostgresDatabase(): Promise<string> {
  const name = `f44_monitor_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl!, 1);
  await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await admin.close();
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a script as `npm run` would, with the settings naming one database. */
function run(script: 'db-backup' | 'db-restore', target: { DATABASE_URL?: string; DATA_DIR?: string }, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: target.DATABASE_URL ?? '', DATA_DIR: target.DATA_DIR ?? join(work, 'unused') };
  delete env.TEST_DATABASE_URL;
  const started = performance.now();
  const result = spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: result.stdout + result.stderr, ms: Math.round(performance.now() - started) };
}

/** The rows of a raw query (PGlite's and node-postgres's results both carry `rows`). */
async function select<T>(handle: DbHandle, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's row count and a digest of all its rows (each row as text, sorted). */
async function fingerprint(handle: DbHandle): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await select<{ name: string }>(handle, sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const found: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const quoted = name.split('.').map((part) => `"${part}"`).join('.');
    const [table] = await select<{ rows: number; digest: string }>(handle, sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${quoted} t`));
    found[name] = table!;
  }
  return found;
}

/** Leads of three kinds, two accounts (each a registration lead), a staff member, an invoice, and outbox rows delivered, retried and failed. */
async function fill(handle: DbHandle) {
  setDbForTests(handle);
  setLimitersForTests();
  setEnvForTests({ ...SELLER_SETTINGS, TELEGRAM_BOT_TOKEN: '555:backup', TELEGRAM_CHAT_ID: '-1003', SMTP_URL: '', SALES_EMAIL: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', VAT_RATE: '22', DADATA_API_KEY: '' });
  try {
    for (const [i, t] of ['btn_demo', 'btn_buy', 'btn_demo'].entries()) {
      const response = await sendLead(jsonRequest('/api/telega/send-mail', { t, lang: 'en', name: `Backup lead ${i}`, phone: '+79123456789', email: `backup${i}@example.com`, t_client: 1, consent: true }, { lang: 'en' }));
      expect(response.status).toBe(200);
    }
    const { token } = await signUp();
    await signUp();
    const invoice = await createInvoice(jsonRequest('/api/invoices', { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }] }, { lang: 'en', headers: bearer(token) }));
    expect(invoice.status).toBe(200);
    expect((await createStaff(handle.db, 'backup-admin@example.com', 'admin', 'a long staff passphrase')).ok).toBe(true);
    const rows = await handle.db.select({ id: outboxMessages.id }).from(outboxMessages).orderBy(outboxMessages.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    await handle.db.execute(sql`update outbox_messages set status = 'delivered', attempts = 1, delivered_at = now() where id = ${rows[0]!.id}`);
    await handle.db.execute(sql`update outbox_messages set attempts = 3, last_error = 'Telegram: 502', next_attempt_at = now() + interval '5 minutes' where id = ${rows[1]!.id}`);
    await handle.db.execute(sql`update outbox_messages set status = 'failed', attempts = 7, last_error = 'Telegram: chat not found' where id = ${rows[2]!.id}`);
  } finally {
    setDbForTests(undefined);
    setEnvForTests();
  }
}

const counts = (print: Record<string, { rows: number }>) => Object.fromEntries(Object.entries(print).map(([name, { rows }]) => [name.replace(/^public\./, ''), rows]));

describe.each(kinds)('backup and restore of %s', (kind) => {
  it('restores every row, the outbox state included, into a new database', { timeout: 300_000 }, async () => {
    const source = kind === 'pglite' ? { DATA_DIR: join(work, 'source') } : { DATABASE_URL: await newPostgresDatabase() };
    const restored = kind === 'pglite' ? { DATA_DIR: join(work, 'restored') } : { DATABASE_URL: await newPostgresDatabase() };
    const open = () => (kind === 'pglite' ? openPglite(source.DATA_DIR) : openPostgres(source.DATABASE_URL!, 2));
    const handle = await open();
    await migrateDb(handle);
    await fill(handle);
    const before = await fingerprint(handle);
    const file = join(work, `${kind}.backup`);
    if (kind === 'pglite') {
      // The server holds the embedded database: the backup refuses rather than read it half-written.
      const refused = run('db-backup', source, file);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('stop the server first');
    }
    await handle.close();

    const backup = run('db-backup', source, file);
    expect(backup.status, backup.output).toBe(0);
    const restore = run('db-restore', restored, file);
    expect(restore.status, restore.output).toBe(0);
    // Never over data: a second restore into the same database is refused and changes nothing.
    const again = run('db-restore', restored, file);
    expect(again.status).toBe(1);

    const copy = kind === 'pglite' ? await openPglite(restored.DATA_DIR) : await openPostgres(restored.DATABASE_URL!, 2);
    try {
      const after = await fingerprint(copy);
      expect(after).toEqual(before);
      const rows = counts(after);
      expect(rows.leads).toBeGreaterThanOrEqual(5);
      expect(rows.users).toBe(2);
      expect(rows.staff).toBe(1);
      expect(rows.invoices).toBe(1);
      const outbox = await select<{ status: string; attempts: number; last_error: string | null }>(copy, sql`select status, attempts::int, last_error from outbox_messages order by id limit 3`);
      expect(outbox).toEqual([
        { status: 'delivered', attempts: 1, last_error: null },
        { status: 'pending', attempts: 3, last_error: 'Telegram: 502' },
        { status: 'failed', attempts: 7, last_error: 'Telegram: chat not found' },
      ]);
      console.info(`${kind}: backup ${statSync(file).size} bytes in ${backup.ms} ms, restore in ${restore.ms} ms; rows restored ${JSON.stringify(rows)}`);
    } finally {
      await copy.close();
    }
  });
});
