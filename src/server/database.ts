import 'server-only';
import { openDatabase, type Db, type DbHandle } from '@/db/client';
import { getEnv } from './env';

const globalForDb = globalThis as typeof globalThis & { __appDb?: Promise<DbHandle> };

/**
 * The process's database, opened from the settings and migrated once (memoised on globalThis so
 * the instrumentation hook and every route bundle share it). A failed open is retried on next use.
 */
export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__appDb) {
    const env = getEnv();
    const opening = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
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
