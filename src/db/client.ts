import 'server-only';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migratePgliteDb, migratePostgres } from './migrate.mjs';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's address (the migrations take their lock on a connection of their own). */
  url?: string;
  close: () => Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` after its transaction commits (PGlite in this
   * process; a PostgreSQL server from any instance, over a connection of its own). Resolves to a
   * function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
}

/** Where the committed SQL migrations live (read at start; the server runs from the project root). */
const MIGRATIONS_DIR = join(process.cwd(), 'src/db/migrations');

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
  return { db, kind: 'postgres', url, close: () => pool.end(), listen };
}

/**
 * Applies the committed migrations (drizzle's migrator for the driver in use); on PostgreSQL under
 * an advisory lock (src/db/migrate.mjs). A migration that fails throws a MigrationError.
 */
export async function migrateDb(handle: DbHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite') return migratePgliteDb(handle.db, migrationsFolder);
  if (!handle.url) throw new Error('a PostgreSQL handle without its address cannot take the migration lock');
  return migratePostgres(handle.url, migrationsFolder);
}

/**
 * Opens the database a server's settings name (PostgreSQL at `databaseUrl`, else PGlite in
 * `dataDir`) and applies the migrations.
 */
export async function openDatabase({ databaseUrl, dataDir, poolSize }: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<DbHandle> {
  const handle = databaseUrl ? await openPostgres(databaseUrl, poolSize) : await openPglite(resolve(dataDir));
  try {
    await migrateDb(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}
