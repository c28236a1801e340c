import 'server-only';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getEnv } from '@/server/env';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` after its transaction commits (PGlite in this
   * process; a PostgreSQL server from any instance, over a connection of its own). Resolves to a
   * function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
}

/** Where the committed SQL migrations live (read at start; the server runs from the project root). */
export const MIGRATIONS_DIR = join(process.cwd(), 'src/db/migrations');

const globalForDb = globalThis as typeof globalThis & { __appDb?: Promise<DbHandle> };

/** Opens PGlite in a directory (or in memory with no directory). */
export async function openPglite(dataDir?: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const listen: DbHandle['listen'] = (channel, onPayload) => client.listen(channel, onPayload);
  return { db, kind: 'pglite', close: () => client.close(), listen };
}

/** Opens a pool of connections to a PostgreSQL server. */
export async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listen: DbHandle['listen'] = async (channel, onPayload) => {
    // LISTEN holds its connection: one client of its own, outside the pool.
    const { Client } = await import('pg');
    const listener = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    listener.on('error', () => {});
    listener.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    await listener.connect();
    await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    return () => listener.end();
  };
  return { db, kind: 'postgres', close: () => pool.end(), listen };
}

/** Applies the committed migrations (drizzle's migrator for the driver in use). */
export async function migrateDb(handle: DbHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}

async function openFromEnv(): Promise<DbHandle> {
  const env = getEnv();
  const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(resolve(env.DATA_DIR));
  try {
    await migrateDb(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/**
 * The process's database, opened and migrated once (memoised on globalThis so the
 * instrumentation hook and every route bundle share it). A failed open is retried on next use.
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__appDb) {
    const opening = openFromEnv();
    globalForDb.__appDb = opening;
    opening.catch(() => {
      if (globalForDb.__appDb === opening) globalForDb.__appDb = undefined;
    });
  }
  return globalForDb.__appDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Closes the database if it was opened (shutdown). */
export async function closeDb(): Promise<void> {
  const opening = globalForDb.__appDb;
  globalForDb.__appDb = undefined;
  if (!opening) return;
  const handle = await opening.catch(() => undefined);
  await handle?.close();
}

/** Tests: use this database instead of the one the settings describe. */
export function setDbForTests(handle: DbHandle | undefined): void {
  globalForDb.__appDb = handle ? Promise.resolve(handle) : undefined;
}
