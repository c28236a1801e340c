import 'server-only';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { listenWithReconnect } from './listen';
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
   * function that stops listening. On PostgreSQL the connection is watched and opened again after
   * a loss (src/db/listen.ts); `onReconnect` is called each time it listens again, as NOTIFYs sent
   * meanwhile were missed.
   */
  listen: (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<() => Promise<void>>;
}

/** Where the committed SQL migrations live (read at start; the server runs from the project root). */
const MIGRATIONS_DIR = join(process.cwd(), 'src/db/migrations');

/**
 * Opens PGlite in a directory (or in memory with no directory); `image`, a data directory PGlite
 * dumped (`dumpDataDir`), starts it from that state instead of an empty cluster.
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: image });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const listen: DbHandle['listen'] = (channel, onPayload) => client.listen(channel, onPayload);
  return { db, kind: 'pglite', close: () => client.close(), listen };
}

/**
 * Bounds on PostgreSQL work (docs/decisions/040-postgres-timeouts-and-live-list.md), all well under the
 * front's 30 s read timeout: a statement the server runs longer is cancelled by the server; an
 * answer that does not come back at all (a black-holed or partitioned connection) fails in the
 * client a little later, and that connection is dropped, never handed out again.
 */
const PG_LIMITS = {
  connectMs: 3_000,
  statementMs: 5_000,
  queryMs: 7_000,
  /** A session left inside a transaction (its process hung or cut off) gives its locks back. */
  idleInTransactionMs: 10_000,
  /** TCP keepalive from this idle time on: the kernel notices a peer gone while nothing is asked. */
  keepAliveDelayMs: 10_000,
} as const;

const isReadTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout';

/** The `pg` client class the pool and the LISTEN use: one whose query outlived its bound is closed. */
async function boundedClientClass() {
  const { Client } = await import('pg');
  return class BoundedClient extends Client {
    constructor(config?: ConstructorParameters<typeof Client>[0]) {
      super(config);
      // A dropped connection errors its client even while checked out: never an unhandled error.
      this.on('error', () => {});
    }

    /** The answer may still be on its way: the connection's protocol state is unknown, so it goes. */
    private dropAfterTimeout(error: unknown) {
      if (!isReadTimeout(error)) return;
      (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (error: unknown, result: unknown) => void;
        args[last] = (error: unknown, result: unknown) => {
          this.dropAfterTimeout(error);
          callback(error, result);
        };
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const result = (super.query as (...a: any[]) => any)(...args);
      if (result instanceof Promise) result.catch((error: unknown) => this.dropAfterTimeout(error));
      return result;
    }
  };
}

/** The connection settings every application connection gets (not the migrations': see migrate.mjs). */
function boundedConfig(url: string) {
  return {
    connectionString: url,
    connectionTimeoutMillis: PG_LIMITS.connectMs,
    statement_timeout: PG_LIMITS.statementMs,
    query_timeout: PG_LIMITS.queryMs,
    idle_in_transaction_session_timeout: PG_LIMITS.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_LIMITS.keepAliveDelayMs,
  };
}

/**
 * Opens a pool of connections to a PostgreSQL server. `bounded: false` (tools that seed or load in
 * big statements, such as the benchmarks) keeps the connect bound and keepalive only.
 */
export async function openPostgres(url: string, max = 10, { bounded = true }: { bounded?: boolean } = {}): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const Client = await boundedClientClass();
  const config = bounded ? boundedConfig(url) : { connectionString: url, connectionTimeoutMillis: PG_LIMITS.connectMs, keepAlive: true };
  const pool = new Pool({ ...config, max, Client });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const listen: DbHandle['listen'] = (channel, onPayload, onReconnect) =>
    listenWithReconnect(() => new Client(boundedConfig(url)), channel, onPayload, onReconnect);
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
