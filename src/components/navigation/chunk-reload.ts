/**
 * A failed chunk load reloads the page, at most once per 60 s. The rule lives
 * in the page's enhancer (src/site/enhance.mjs), which also watches the start of the page's
 * scripts; lazy imports of the app report their failures to it.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    window.__epcChunkFailed?.();
    throw error;
  });
}
