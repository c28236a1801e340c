// @ts-check
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts Next.js in its own process (src/runtime/next-app.mjs) on a unix socket, and resolves when it
 * is ready. The edge keeps the pre-rendered pages and assets in a process of its own, where
 * Next.js's per-request machinery does not slow them (docs/decisions/013).
 * `onExit` runs if the app ends before `stop` is called.
 * @param {{ entry: string; env: NodeJS.ProcessEnv; onExit: (code: number | null, signal: NodeJS.Signals | null) => void }} options
 */
export function startApp({ entry, env, onExit }) {
  const socketPath = join(tmpdir(), `epcsu-app-${process.pid}.sock`);
  const child = fork(entry, [], { env: { ...env, APP_SOCKET: socketPath }, stdio: 'inherit' });
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    rmSync(socketPath, { force: true });
    if (!stopping) onExit(code, signal);
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', (message) => (message && typeof message === 'object' && 'ready' in message ? resolve(undefined) : reject(new Error('unexpected message from the app'))));
    child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it was ready`)));
  });
  return {
    socketPath,
    ready,
    /** Asks the app to stop (it closes the database) and waits for it, at most `timeoutMs`. */
    async stop(timeoutMs = 9_000) {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
