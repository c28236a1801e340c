import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

type Runner = <R>(fn: () => R) => R;

// On globalThis: Next bundles the instrumentation hook and each route separately, so module state
// is not shared between them.
const globalForContext = globalThis as typeof globalThis & { __appRootContext?: Runner };

/**
 * Remembers the async context of the server's start (instrumentation.ts runs before the first
 * request). Call once, outside any request.
 */
export function captureRootContext(): void {
  globalForContext.__appRootContext ??= AsyncLocalStorage.snapshot() as Runner;
}

/**
 * Runs `fn` in the start-up context instead of the current request's. A timer created inside a
 * request keeps that request's async-local stores alive until it fires: Next's stores hold the
 * request and its response, so a 10-minute rate-limit timer per client address kept about 40 KB
 * per address (docs/decisions/006). Work that outlives the request starts here.
 * Without a captured context (tests), `fn` runs as is.
 */
export function outsideRequest<R>(fn: () => R): R {
  const run = globalForContext.__appRootContext;
  return run ? run(fn) : fn();
}
