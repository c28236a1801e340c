import { Writable } from 'node:stream';
import pino from 'pino';

/** Captures every line the app's logger writes (it is silent under Vitest otherwise) until `restore()`. */
export function captureLog(): { lines: string[]; text: () => string; restore(): void } {
  const holder = globalThis as typeof globalThis & { __appLogger?: pino.Logger };
  const previous = holder.__appLogger;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  holder.__appLogger = pino({ level: 'trace' }, sink);
  return { lines, text: () => lines.join(''), restore: () => (holder.__appLogger = previous) };
}
