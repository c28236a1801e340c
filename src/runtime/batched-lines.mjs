// The edge's log destination (docs/decisions/052): pino makes each line, this gathers them and
// hands them to sonic-boom in batches, so that a request's access line costs a string append
// instead of a write to stdout of its own.
import pino from 'pino';

/**
 * Lines written to `fd` in batches: at `maxChars` gathered, or `maxDelayMs` after the first line
 * of a batch, whichever comes first; at once on flush and when the process exits (an uncaught
 * exception included). A kill with SIGKILL loses at most the last `maxDelayMs` of lines.
 * @param {{ fd?: number; maxChars?: number; maxDelayMs?: number }} [options]
 */
export function batchedLines({ fd = 1, maxChars = 8192, maxDelayMs = 100 } = {}) {
  // sonic-boom in its synchronous mode: each batch is written whole, waiting out a full pipe.
  const out = pino.destination({ dest: fd, sync: true });
  let pending = '';
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const flushSync = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const batch = pending;
    pending = '';
    out.write(batch);
  };
  process.on('exit', flushSync);
  return {
    /** @param {string} line */
    write(line) {
      pending += line;
      if (pending.length >= maxChars) flushSync();
      else timer ??= setTimeout(flushSync, maxDelayMs).unref();
      return true;
    },
    /** pino's logger.flush(cb) calls this. @param {(error?: Error) => void} [done] */
    flush(done) {
      flushSync();
      done?.();
    },
    flushSync,
  };
}
