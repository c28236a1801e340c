/**
 * A script chunk that fails to load reloads the page (`window.__epcChunkFailed`, which the app's
 * own loaders call too), at most once per 60 s (the page stays usable), and never while the
 * browser knows it is offline: the reload could only bring the browser's offline page in place of
 * this one and of what its forms hold.
 */
export function reloadOnChunkError() {
  window.__epcChunkFailed = () => {
    const key = 'epc:chunk-reload-at';
    if (!navigator.onLine) return false;
    try {
      if (Date.now() - Number(sessionStorage.getItem(key) || 0) < 60_000) return false;
      sessionStorage.setItem(key, String(Date.now()));
    } catch {
      return false;
    }
    location.reload();
    return true;
  };
  addEventListener('error', (event) => isChunkError(event.error) && window.__epcChunkFailed?.());
  addEventListener('unhandledrejection', (event) => isChunkError(event.reason) && window.__epcChunkFailed?.());
}

/**
 * Whether an error is a script chunk that failed to load (webpack, Turbopack, native imports).
 * @param {unknown} error
 */
export function isChunkError(error) {
  const { name, message } = /** @type {{ name?: unknown; message?: unknown }} */ (error ?? {});
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(String(message ?? ''))
  );
}
