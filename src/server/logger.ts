import 'server-only';
import pino from 'pino';
import { getEnv } from './env';

type Logger = pino.Logger;
const globalForLogger = globalThis as typeof globalThis & { __appLogger?: Logger };

/** The process's JSON-lines logger (stdout). Silent under Vitest unless LOG_LEVEL says otherwise. */
export function getLogger(): Logger {
  if (!globalForLogger.__appLogger) {
    const env = getEnv();
    const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
    globalForLogger.__appLogger = pino({ level, base: { app: 'epcsu' } });
  }
  return globalForLogger.__appLogger;
}

/** A short, safe description of an error for logs and `last_error`. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
