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

/** A short, safe description of an error for logs and `last_error`. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
  // A mail server's refusal may quote the recipient: no e-mail address reaches a log line.
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[a-z]{2,}/gi, '[address]').slice(0, 500);
}
