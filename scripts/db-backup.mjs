// `npm run db:backup [-- <file>] [--force]`: a backup of the database the settings name.
// PostgreSQL (DATABASE_URL): pg_dump's custom format (-Fc), a consistent snapshot taken while the
// instances run; restore with `npm run db:restore` (pg_restore). The embedded database (DATA_DIR):
// PGlite's own dump of its directory (a gzipped tar), taken with the server stopped (see
// scripts/lib/db-tools.mjs). Without <file>: backups/epcsu-<UTC time>.pgdump or .pglite.tar.gz.
// Written to <file>.partial first, so a backup that exists is a whole one.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { assertEmbeddedClosed, databaseOfSettings, postgresTool, sizeText } from './lib/db-tools.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.find((arg) => !arg.startsWith('--'));
const database = databaseOfSettings();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
const file = resolve(named ?? `backups/epcsu-${stamp}.${database.kind === 'postgres' ? 'pgdump' : 'pglite.tar.gz'}`);
const partial = `${file}.partial`;
const started = performance.now();
try {
  mkdirSync(dirname(file), { recursive: true });
  if (database.kind === 'postgres') {
    execFileSync(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${database.url}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    assertEmbeddedClosed(database.dataDir, force);
    statSync(`${database.dataDir}/PG_VERSION`);
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(database.dataDir);
    try {
      // Ready first: a dump asked of a PGlite still opening never settles.
      await client.waitReady;
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }
  renameSync(partial, file);
  console.log(`Backup of the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database: ${file} (${sizeText(statSync(file).size)}, ${Math.round(performance.now() - started)} ms)`);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
