import 'server-only';

type RequestContext = { getStore(): { unavailable?: boolean } | undefined };
const globalForContext = globalThis as typeof globalThis & { __appRequestContext?: RequestContext };

/**
 * Marks the request being rendered as failed for want of the database: if its page ends in an
 * error (500), the app process answers 503 with Retry-After instead (src/runtime/next-app.mjs).
 * Pages have no other way to choose their status.
 */
export function markDatabaseUnavailable(): void {
  const store = globalForContext.__appRequestContext?.getStore();
  if (store) store.unavailable = true;
}
