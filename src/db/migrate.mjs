// The committed migrations (src/db/migrations), applied by every start (src/db/client.ts) and by
// `npm run db:migrate` (scripts/migrate.mjs) as a step of its own: plain JavaScript, so that the
// production tree runs it with `dependencies` only.

/**
 * The PostgreSQL advisory lock the migrations run under (a fixed number names it). Two instances
 * starting together on a new database would otherwise both create drizzle's journal and the
 * tables, and one of them fail.
 */
const MIGRATION_LOCK = 4_262_024_021;

/** A migration that failed (as opposed to a database that cannot be reached): the start stops. */
class MigrationError extends Error {
  /** @param {unknown} cause */
  constructor(cause) {
    super(`a database migration failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/**
 * Applies the migrations on the PostgreSQL server at `url`, on one connection of its own holding
 * the advisory lock: an instance that waited for it finds them applied and has nothing to do.
 * @param {string} url
 * @param {string} migrationsFolder
 */
export async function migratePostgres(url, migrationsFolder) {
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // No statement timeout here (a migration may take long), but a dead peer is noticed by TCP keepalive.
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } catch (error) {
      throw new MigrationError(error);
    }
  } finally {
    // Ending the session releases the lock too; unlocking first lets a waiting instance go at once.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Applies the migrations on an open PGlite database (one process holds it: no lock needed).
 * @param {unknown} db a drizzle database on PGlite
 * @param {string} migrationsFolder
 */
export async function migratePgliteDb(db, migrationsFolder) {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  try {
    await migrate(/** @type {any} */ (db), { migrationsFolder });
  } catch (error) {
    throw new MigrationError(error);
  }
}
