/** A failed chunk load reloads the page, at most once per 60 s (specification §8). */
export const CHUNK_RELOAD_KEY = 'epc:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === 'ChunkLoadError' ||
    (typeof message === 'string' && /Loading (CSS )?chunk [\w-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(message))
  );
}

/** Reloads unless a reload for the same reason happened in the last 60 s; true when reloading. */
export function reloadAfterChunkError(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) || 0);
    if (Date.now() - last < CHUNK_RELOAD_INTERVAL_MS) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Wraps a lazy import: a chunk that fails to load reloads the page (then the error stands). */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (isChunkLoadError(error)) reloadAfterChunkError();
    throw error;
  });
}
