import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { getDbHandle } from '@/server/database';
import { describeError, getLogger } from '../logger';

/** The tables an erasure rewrites rows of (their TOAST tables and indexes come with them). */
const TABLES = ['leads', 'lead_events', 'outbox_messages', 'users', 'sessions', 'email_confirmations', 'lead_report_cells'];

/**
 * After an erasure the old versions of the rewritten rows are still in the table and index files:
 * a plain VACUUM frees their space but leaves their bytes there until new rows overwrite them
 * (measured: the marker values of tests/desk/desk-erasure.test.ts stayed in `leads` and in
 * `users_email_lower_idx`). VACUUM FULL writes each table and its indexes anew and drops the old
 * files; ANALYZE refreshes the planner's statistics, whose old rows (which may quote values) a
 * VACUUM of pg_statistic prunes where the role may run it. It holds each table for the rewrite:
 * on a PostgreSQL server it waits at most LOCK_TIMEOUT for that, so that a long query cannot make
 * lead inserts queue behind it; the next erasure (or the hourly retention) tries again.
 * What the write-ahead log and backups keep is said in docs/design.md ("Erasure").
 */
async function compactAfterErasure(handle: DbHandle): Promise<void> {
  await withSession(handle, async (run) => {
    for (const table of TABLES) await run(`VACUUM (FULL, ANALYZE) ${table}`);
    try {
      await run('VACUUM pg_catalog.pg_statistic');
    } catch (error) {
      getLogger().warn({ err: describeError(error) }, 'erasure: the statistics could not be vacuumed (the database role is not a superuser); autovacuum will');
    }
  });
}

/** Runs statements on one connection: PGlite's own, or a server connection of its own with the lock timeout set. */
async function withSession(handle: DbHandle, work: (run: (statement: string) => Promise<unknown>) => Promise<void>): Promise<void> {
  if (handle.kind !== 'postgres' || !handle.url) return work((statement) => handle.db.execute(sql.raw(statement)));
  const { Client } = await import('pg');
  const client = new Client({ connectionString: handle.url, connectionTimeoutMillis: 5000, options: `-c lock_timeout=${LOCK_TIMEOUT}` });
  client.on('error', () => {});
  await client.connect();
  try {
    await work((statement) => client.query(statement));
  } finally {
    await client.end();
  }
}

/** How long the rewrite may wait for a table on a PostgreSQL server. */
const LOCK_TIMEOUT = '5s';

let queue: Promise<void> = Promise.resolve();

/**
 * Runs `compactAfterErasure` on the process's database after the ones already asked for (one at a
 * time). Never rejects; a failure is
 * logged and the next erasure tries again. The returned promise settles when this one has run.
 */
export function compactSoon(): Promise<void> {
  queue = queue.then(async () => {
    const started = Date.now();
    try {
      await compactAfterErasure(await getDbHandle());
      getLogger().info({ ms: Date.now() - started }, 'erasure: tables rewritten without the erased values (VACUUM FULL)');
    } catch (error) {
      getLogger().error({ err: describeError(error) }, 'erasure: VACUUM after an erasure failed; the erased values stay in the files until autovacuum');
    }
  });
  return queue;
}
