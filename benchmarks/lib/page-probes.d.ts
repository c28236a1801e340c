/**
 * What the benchmarks' probes keep on the window of the page they measure, typed for the functions
 * Playwright runs in that page: the first tap's clock (benchmarks/lib/dialog-probe.mjs, read by
 * benchmarks/lib/first-tap.mjs) and the largest INP web-vitals reported (benchmarks/lib/inp-flows.mjs).
 * Set only in a page a benchmark measures, never by the site.
 */
interface BenchTapProbe {
  tapAt: number | null;
  openAt: number | null;
  interactionId: number;
  eventMs: number;
  clickSeen: boolean;
  reset(): void;
}

interface BenchInpEntry {
  value: number;
  target: string | undefined;
  type: 'pointer' | 'keyboard' | undefined;
  inputDelay: number;
  processing: number;
  presentation: number;
}

interface Window {
  __tapProbe: BenchTapProbe;
  __inp?: BenchInpEntry;
}
