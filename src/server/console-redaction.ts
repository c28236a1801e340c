import 'server-only';
import { describeSqlFailure } from './logger';

const METHODS = ['error', 'warn', 'log', 'info'] as const;
const globalForConsole = globalThis as typeof globalThis & { __sqlSafeConsole?: boolean };

/** drizzle's message for a failed statement: everything from here on may hold the visitor's data. */
const FAILED_QUERY = /Failed query:[\s\S]*/;

/** One argument of a console call, with a failed statement's text and parameters taken out. */
function redacted(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(FAILED_QUERY, 'Failed query: [statement and parameters left out]');
  if (value && typeof value === 'object') {
    const sqlFailure = describeSqlFailure(value);
    if (sqlFailure) return sqlFailure;
  }
  return value;
}

/**
 * What the app writes to the console itself is ours (src/server/logger.ts never puts a statement's
 * values in a line); what Next.js writes there is not: a page or route that throws a failed
 * statement is printed whole, and drizzle's message holds the statement's parameters (a visitor's
 * phone, name, firm). From the app process's start, every console line carries such an error as
 * its kind, table and SQLSTATE only. Installed once per process.
 */
export function installSqlSafeConsole(target: Pick<Console, (typeof METHODS)[number]> = console): void {
  if (target === console && globalForConsole.__sqlSafeConsole) return;
  for (const method of METHODS) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => original(...args.map(redacted));
  }
  if (target === console) globalForConsole.__sqlSafeConsole = true;
}
