/**
 * The names that tie files together through the global object, typed once.
 * - Set by the page's enhancer (src/enhancer/enhance.mjs, late-loader.mjs) and React (src/components/layout/enhance-client.tsx),
 *   read by the app and the tests: whether the enhancer ran, whether the page's scripts started,
 *   the chunk-failure handler, and Metrica's `ym`.
 * - Set by the partner area's pages as they are parsed, read by the API client: the reads started early.
 * - Filled by the app (src/server/lifecycle/shutdown.ts), run by the app process on SIGTERM
 *   (src/runtime/next-app.mjs): the work to finish before the process ends.
 */
type YandexMetrica = (id: number, method: string, ...args: unknown[]) => void;

interface Window {
  __epcEnhanced?: boolean;
  /** The early part of a pre-rendered page's enhancer, for its late part (src/enhancer/late-loader.mjs). */
  __epcEarly?: {
    reachGoal: (goal: string | undefined) => void;
    /** What came before the late part ran, for it to handle. */
    held: Event[];
    /** The page's remainder, fetched with the late part. */
    rest?: Promise<Response>;
    ran?: boolean;
  };
  /**
   * The partner area's reads its document started as it was parsed, by API path, each taken once
   * by the API client (src/components/partner/early-reads.tsx, src/components/api/api-client.ts).
   */
  __epcReads?: Record<string, { at: number; response: Promise<Response> }>;
  /** Status lines a held send wrote in, with what they held (src/enhancer/send-status.mjs). */
  __epcWritten?: Map<Element, [string, string]>;
  __epcBooted?: boolean;
  __epcChunkFailed?: () => boolean;
  ym?: YandexMetrica;
  /** Next.js's payload, pushed by its inline scripts or, on a pre-rendered page, by the enhancer (src/enhancer/start-scripts.mjs). */
  __next_f?: unknown[];
}

/** Replaced by their values when the inline enhancer is bundled (src/enhancer/early.mjs). */
declare const EPC_METRICA_ID: number;
declare const EPC_LATE: string;

// eslint-disable-next-line no-var
declare var __appShutdownHooks: Array<() => Promise<void> | void> | undefined;
