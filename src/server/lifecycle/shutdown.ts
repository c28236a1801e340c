import 'server-only';

type Hook = () => Promise<void> | void;

/**
 * Registers work to finish on SIGTERM: the app process (src/runtime/next-app.mjs) awaits every hook (8 s at most)
 * before it exits. Hooks run in parallel; register dependants in one hook to order them.
 */
export function onShutdown(hook: Hook): void {
  (globalThis.__appShutdownHooks ??= []).push(hook);
}
