// What `npm run db:backup` and `npm run db:restore` share: which database the settings name, and
// where PostgreSQL's client tools are. Plain JavaScript with `dependencies` only (the production tree).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { settingsOrExit } from '../../src/settings/settings.mjs';

/**
 * `{ kind: 'postgres', url }` when DATABASE_URL is set, else the embedded database's directory.
 * @returns {{ kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }}
 */
export function databaseOfSettings() {
  const settings = settingsOrExit(process.env);
  return settings.DATABASE_URL ? { kind: 'postgres', url: settings.DATABASE_URL } : { kind: 'pglite', dataDir: resolve(settings.DATA_DIR) };
}

/**
 * A PostgreSQL client tool (pg_dump, pg_restore): the one on PATH, else the newest Debian
 * installs under /usr/lib/postgresql/<version>/bin. pg_dump must be as new as the server.
 * @param {string} name
 */
export function postgresTool(name) {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
    return name;
  } catch {
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base) ? readdirSync(base).filter((version) => existsSync(join(base, version, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
    if (versions[0]) return join(base, versions[0], 'bin', name);
    throw new Error(`${name} not found: install PostgreSQL's client tools (Debian: postgresql-client) of the server's version or newer`);
  }
}

/**
 * The embedded database (PGlite) belongs to the one process that opened it, with no lock another
 * process would see; while it is open its directory holds postmaster.pid. Copying or reading it
 * then could catch a half-written page, so the tools refuse (a server killed outright leaves the
 * file: `--force` once it is sure none runs).
 * @param {string} dataDir @param {boolean} force
 */
export function assertEmbeddedClosed(dataDir, force) {
  if (!force && existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new Error(`the embedded database in ${dataDir} is open (postmaster.pid): stop the server first; if none runs (it was killed), add --force`);
  }
}

/**
 * The backup's kind, from its first bytes: pg_dump's custom format or a gzipped tar of PGlite's directory.
 * @param {Buffer} head
 */
export function backupKind(head) {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

/** @param {number} bytes */
export const sizeText = (bytes) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
