import 'server-only';

type Hook = () => Promise<void> | void;
const globalForHooks = globalThis as typeof globalThis & { __appShutdownHooks?: Hook[] };

/**
 * Registers work to finish on SIGTERM/SIGINT: scripts/server.mjs awaits every hook (8 s at most)
 * before it exits. Hooks run in parallel; register dependants in one hook to order them.
 */
export function onShutdown(hook: Hook): void {
  (globalForHooks.__appShutdownHooks ??= []).push(hook);
}
