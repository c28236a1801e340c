import 'server-only';
import pino from 'pino';
import { getEnv } from './env';

type Logger = pino.Logger;
/** The request being answered: its id, from the edge's X-Request-Id (src/runtime/next-app.mjs sets the store). */
type RequestContext = { getStore(): { requestId: string } | undefined };
const globalForLogger = globalThis as typeof globalThis & { __appLogger?: Logger; __appRequestContext?: RequestContext };

/**
 * The process's JSON-lines logger (stdout). Silent under Vitest unless LOG_LEVEL says otherwise.
 * A line written while a request is answered carries that request's id (`requestId`), as the
 * edge's access-log line of the request does. Lines hold ids, never personal data (docs/decisions/021).
 */
export function getLogger(): Logger {
  if (!globalForLogger.__appLogger) {
    const env = getEnv();
    const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
    globalForLogger.__appLogger = pino({
      level,
      base: { app: 'epcsu', proc: 'app' },
      mixin() {
        const requestId = globalForLogger.__appRequestContext?.getStore()?.requestId;
        return requestId ? { requestId } : {};
      },
    });
  }
  return globalForLogger.__appLogger;
}

/** Under the tests: the logger made again from the settings of this test file. */
export function resetLoggerForTests(): void {
  globalForLogger.__appLogger = undefined;
}

/**
 * A short, safe description of an error for logs and `last_error`. A failed SQL statement is told
 * by its kind and table and the driver's SQLSTATE code and names (constraint, table, column), never
 * by its message: drizzle's carries the statement's parameters (the visitor's name, phone, e-mail),
 * and the server's may quote a value or a whole row (`Failing row contains (…)`).
 */
export function describeError(error: unknown): string {
  const sqlFailure = describeSqlFailure(error);
  if (sqlFailure) return sqlFailure;
  const text = error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
  return withoutAddresses(text).slice(0, 500);
}

/** A mail server's refusal may quote the recipient: no e-mail address reaches a log line. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[a-z]{2,}/gi, '[address]');

type Failure = { name?: unknown; message?: unknown; query?: unknown; params?: unknown; code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };

/** A SQLSTATE (PostgreSQL and PGlite errors carry one): five digits or capitals. */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
/** A name the server gives (constraint, table, column): an identifier, never a value. */
const identifier = (value: unknown) => (typeof value === 'string' && /^[\w$.]{1,63}$/.test(value) ? value : undefined);

/**
 * The statement's kind and table, from its text (which holds placeholders, not values): its write
 * (`insert users`, also inside a `with`), else its first word and the table it reads (`select leads`).
 */
function statementOf(query: string): string {
  const write = /\b(insert)\s+into\s+"?([\w$]+)|\b(update)\s+"?([\w$]+)"?\s+set\b|\b(delete)\s+from\s+"?([\w$]+)/i.exec(query);
  if (write) {
    const [kind, table] = write.slice(1).filter(Boolean) as [string, string];
    return `${kind.toLowerCase()} ${table}`;
  }
  const first = /^\s*([a-z]+)/i.exec(query)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\bfrom\s+"?([\w$]+)/i.exec(query)?.[1];
  return table ? `${first} ${table}` : first;
}

/** The description of a failed SQL statement (drizzle's wrapper or the driver's own error), or undefined for anything else. */
export function describeSqlFailure(error: unknown): string | undefined {
  let statement: string | undefined;
  let driver: Failure | undefined;
  let other: Failure | undefined;
  for (let current = error as Failure | undefined, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    // drizzle's wrapper and PGlite's own error both hold the statement (with its parameters beside it).
    if (typeof current.query === 'string') statement ??= statementOf(current.query);
    if (isSqlState(current.code)) driver ??= current;
    else if (typeof current.query !== 'string') other ??= current;
    current = current.cause as Failure | undefined;
  }
  if (!statement && !driver) return undefined;
  const parts = [`query failed: ${statement ?? 'statement'}`];
  if (driver) {
    const names = (['constraint', 'table', 'column'] as const).flatMap((key) => (identifier(driver[key]) ? [`${key} ${identifier(driver[key])}`] : []));
    parts.push(`SQLSTATE ${String(driver.code)}${names.length ? ` (${names.join(', ')})` : ''}`);
  } else if (other) {
    // Not the server's answer (the connection dropped, a timeout): its text holds no statement's values.
    parts.push(withoutAddresses(`${String(other.name ?? 'Error')}: ${String(other.message ?? '')}`).slice(0, 200));
  }
  return parts.join(': ');
}
