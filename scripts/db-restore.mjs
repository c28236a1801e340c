// `npm run db:restore -- <file> [--force]`: restores a backup of `npm run db:backup` into the
// database the settings name, which must be new: an empty PostgreSQL database (createdb), or a
// DATA_DIR that does not exist or is empty. It never overwrites data; point the settings at a new
// database, restore, check, then switch the instances to it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readSync, closeSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupKind, databaseOfSettings, postgresTool, sizeText } from './lib/db-tools.mjs';

const args = process.argv.slice(2);
const named = args.find((arg) => !arg.startsWith('--'));
if (!named) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(2);
}
const file = resolve(named);
const database = databaseOfSettings();
const started = performance.now();
try {
  const head = Buffer.alloc(8);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, 8, 0);
  closeSync(fd);
  const kind = backupKind(head);
  if (kind !== database.kind) throw new Error(`${file} is ${kind === 'unknown' ? 'not a backup of db:backup' : `a backup of ${kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}`}, and the settings name ${database.kind === 'postgres' ? 'a PostgreSQL database (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}`);
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')");
      if (rows[0].tables > 0) throw new Error(`the database has ${rows[0].tables} tables already: restore into a new, empty one (createdb)`);
    } finally {
      await client.end();
    }
    // One transaction: a restore that fails leaves the database as empty as it was.
    execFileSync(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${database.url}`, file], { stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    if (existsSync(database.dataDir) && readdirSync(database.dataDir).length > 0) throw new Error(`${database.dataDir} is not empty: restore into a new DATA_DIR (move the old one aside first)`);
    mkdirSync(database.dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(database.dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
  }
  console.log(`Restored ${file} (${sizeText(statSync(file).size)}) into the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database in ${Math.round(performance.now() - started)} ms`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
