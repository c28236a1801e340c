import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '@/db/client';
import { setDbForTests } from '@/server/database';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { migratedPgliteImage } from './pglite-image';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export function testDatabases(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database: in-memory PGlite (from the migrated image, tests/support/pglite-image.ts), or a new database of its own on the
 * TEST_DATABASE_URL server (dropped afterwards), so parallel runs never collide.
 */
async function openTestDb(kind: TestDbKind): Promise<DbHandle> {
  if (kind === 'pglite') return openPglite(undefined, await migratedPgliteImage());
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  const { sql } = await import('drizzle-orm');
  await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  await migrateDb(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = await openPostgres(adminUrl, 1);
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await cleanup.close();
    },
  };
}

/** Inside a describe: a fresh database for the block, installed as the app's, and fresh rate limits per test. */
export function useTestDb(kind: TestDbKind): { readonly handle: DbHandle } {
  const state: { handle?: DbHandle } = {};
  beforeAll(async () => {
    state.handle = await openTestDb(kind);
    setDbForTests(state.handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await state.handle?.close();
  });
  beforeEach(() => setLimitersForTests());
  return {
    get handle() {
      if (!state.handle) throw new Error('test database not open yet');
      return state.handle;
    },
  };
}
