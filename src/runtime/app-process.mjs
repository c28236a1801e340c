import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts Next.js in its own process (src/runtime/next-app.mjs) on a unix socket, and resolves when it
 * is ready. The edge keeps the pre-rendered pages and assets in a process of its own, where
 * Next.js's per-request machinery does not slow them (docs/decisions/052).
 * The two talk over the IPC channel: `ready` (the app listens), `stop` (the edge is done draining:
 * the app finishes its outbox send, closes the database and exits), `metrics` (the app's registry
 * as JSON, for the edge's /metrics). A signal meant for the whole process group (a terminal's
 * Ctrl-C, a supervisor's group kill) does not stop the app early: only the edge's `stop` does.
 * `onExit` runs if the app ends before `stop` is called.
 * @param {{ entry: string; env: NodeJS.ProcessEnv; onExit: (code: number | null, signal: NodeJS.Signals | null) => void }} options
 */
export function startApp({ entry, env, onExit }) {
  const socketPath = join(tmpdir(), `epcsu-app-${process.pid}.sock`);
  const child = fork(entry, [], { env: { ...env, APP_SOCKET: socketPath }, stdio: 'inherit' });
  let stopping = false;
  let serial = 0;
  /** @type {Map<number, (metrics: unknown) => void>} */
  const waiting = new Map();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    rmSync(socketPath, { force: true });
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
    if (!stopping) onExit(code, signal);
  });
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (!message || typeof message !== 'object') return;
      if ('ready' in message) resolve(undefined);
      if ('metrics' in message && 'id' in message) {
        const answer = waiting.get(Number(message.id));
        waiting.delete(Number(message.id));
        answer?.(message.metrics);
      }
    });
    child.once('exit', (code) => reject(new Error(`the app exited with ${code} before it was ready`)));
  });
  return {
    socketPath,
    ready,
    /** Whether the app process is running. */
    get alive() {
      return child.exitCode === null && child.signalCode === null;
    },
    /**
     * The app's metrics (prom-client's JSON), or null when it does not answer within `timeoutMs`.
     * @returns {Promise<any[] | null>}
     */
    metrics(timeoutMs = 2_000) {
      if (!child.connected) return Promise.resolve(null);
      const id = ++serial;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, timeoutMs);
        waiting.set(id, (metrics) => {
          clearTimeout(timer);
          resolve(Array.isArray(metrics) ? metrics : null);
        });
        child.send({ metrics: true, id });
      });
    },
    /** Asks the app to stop (it finishes its outbox send and closes the database) and waits for it, at most `timeoutMs`. */
    async stop(timeoutMs = 9_000) {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ stop: true });
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
