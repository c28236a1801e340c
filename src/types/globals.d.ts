/**
 * The names that tie files together through the global object, typed once.
 * - Set by the page's enhancer (src/enhancer/enhance.mjs) and React (src/components/layout/enhance-client.tsx),
 *   read by the app and the tests: whether the enhancer ran, whether the page's scripts started,
 *   the chunk-failure handler, and Metrica's `ym`.
 * - Filled by the app (src/server/lifecycle/shutdown.ts), run by the app process on SIGTERM
 *   (src/runtime/next-app.mjs): the work to finish before the process ends.
 */
type YandexMetrica = (id: number, method: string, ...args: unknown[]) => void;

interface Window {
  __epcEnhanced?: boolean;
  __epcBooted?: boolean;
  __epcChunkFailed?: () => boolean;
  ym?: YandexMetrica;
}

// eslint-disable-next-line no-var
declare var __appShutdownHooks: Array<() => Promise<void> | void> | undefined;
