// `npm run db:migrate`: applies the committed migrations (src/db/migrations) to the database the
// settings name (DATABASE_URL, else the embedded database in DATA_DIR), as a step of its own before
// the instances start (they also migrate at start, under the same PostgreSQL advisory lock).
// Plain JavaScript with `dependencies` only: it runs in the production tree and the container.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratePgliteDb, migratePostgres } from '../src/db/migrate.mjs';
import { settingsOrExit } from '../src/settings/settings.mjs';

const settings = settingsOrExit(process.env);
const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
try {
  if (settings.DATABASE_URL) {
    await migratePostgres(settings.DATABASE_URL, migrationsFolder);
    console.log('Migrations applied (PostgreSQL).');
  } else {
    const dataDir = resolve(settings.DATA_DIR);
    mkdirSync(dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = new PGlite(dataDir);
    try {
      await migratePgliteDb(drizzle(client), migrationsFolder);
    } finally {
      await client.close();
    }
    console.log(`Migrations applied (embedded database in ${dataDir}).`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
