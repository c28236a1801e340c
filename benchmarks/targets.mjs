// The bars the benchmarks hold the site to, each once: the benches judge their figures by them,
// and `npm run bench:report` writes the table at the top of docs/benchmarks.md from them and the
// figures recorded in benchmarks/results/ (one row per target, in this order). A target's figure
// is its worst case over what the bench measures (the slowest page, the heaviest, the lowest
// score), in `unit`; `max` or `min` is the bar. A target with `overFloor` is judged against the
// machine's floor instead (benchmarks/lib/floor-figures.mjs): the page's median at most that much
// over the median of an empty page (a trivial dialog, for a tap) measured in turns with it in the
// same run, since Lighthouse's simulated phone is a multiple of the host's own task times; its
// absolute bar stays beside it, for runs kept before the floor was measured and for scale.

/** @typedef {{ bench: string; what: string; unit: string; max?: number; min?: number; overFloor?: number }} Target */

export const TARGETS = /** @satisfies {Record<string, Target>} */ ({
  'lighthouse-performance': { bench: 'bench', what: 'Lighthouse mobile performance, the lowest page (its CLI defaults, median of 5 runs; every page in both languages and the partner area’s, both builds)', unit: '', min: 100 },
  'lighthouse-accessibility': { bench: 'bench', what: 'Lighthouse accessibility, the lowest page (as above)', unit: '', min: 100 },
  'lighthouse-best-practices': { bench: 'bench', what: 'Lighthouse best practices, the lowest page (as above)', unit: '', min: 100 },
  'lighthouse-seo': { bench: 'bench', what: 'Lighthouse SEO, the lowest page (as above)', unit: '', min: 100 },
  lcp: { bench: 'bench', what: 'Largest Contentful Paint, the slowest page (Lighthouse, as above): within 150 ms of the floor, the absolute bar beside it', unit: 'ms', max: 1000, overFloor: 150 },
  tbt: { bench: 'bench', what: 'Total Blocking Time, the longest page (Lighthouse, as above): within 50 ms of the floor, the absolute bar beside it', unit: 'ms', max: 50, overFloor: 50 },
  cls: { bench: 'bench', what: 'Cumulative Layout Shift, the largest page (Lighthouse, as above)', unit: '', max: 0 },
  'js-before-interaction': { bench: 'bench', what: 'JavaScript `/ru` and `/en` load before the first interaction, compressed (Lighthouse)', unit: 'KiB', max: 100 },
  'tap-median': { bench: 'bench, bench:tap', what: 'a first tap on a dialog trigger to the dialog painted, the slowest median (phone profile, cold and after reading): within 50 ms of a trivial dialog\'s, the absolute bar beside it', unit: 'ms', max: 100, overFloor: 50 },
  'tap-worst': { bench: 'bench, bench:tap', what: 'the same, the slowest single tap', unit: 'ms', max: 200 },
  inp: { bench: 'bench, bench:tap', what: 'INP of five flows (buy form, login views, feedback form, language switch, mobile menu), the slowest', unit: 'ms', max: 200 },
  'js-all': { bench: 'bench', what: 'all the JavaScript a page ever loads, compressed, the heaviest of `/ru`, `/en`, `/ru/epc`, `/ru/vehicle`, `/en/tis`', unit: 'KiB', max: 150 },
  pictures: { bench: 'bench', what: "the product's pictures on the first screen at 412 and 1280 px, compressed, the heaviest page", unit: 'KiB', max: 10 },
  'static-share-br': { bench: 'bench', what: "`/ru` as deployed (nginx in front), its rate as a share of nginx's for the same bytes, brotli", unit: '%', min: 60 },
  'static-share-gzip': { bench: 'bench', what: 'the same, gzip', unit: '%', min: 60 },
  'static-p99': { bench: 'bench', what: '`/ru` as deployed, p99 latency, brotli and gzip (wrk, 50 connections)', unit: 'ms', max: 10 },
  'product-p99': { bench: 'bench', what: '`/ru/epc` from the server alone, p99 latency, brotli (wrk, 50 connections)', unit: 'ms', max: 10 },
  'flood-page-p99': { bench: 'bench', what: '`/ru/epc` (gzip), p99 latency while 20 logins a second arrive', unit: 'ms', max: 20 },
  'lead-rate': { bench: 'bench', what: 'lead posts answered a second at a steady 200 a second (95 % of them)', unit: 'a second', min: 190 },
  'lead-p99': { bench: 'bench', what: 'lead posts at a steady 200 a second, p99 latency from when each was due', unit: 'ms', max: 100 },
  'lead-refused': { bench: 'bench', what: 'lead posts at that rate refused or failed', unit: '', max: 0 },
  'leads-lost': { bench: 'bench:flood, bench:leads', what: 'leads answered 200 that never reached the Bot API stand-in', unit: '', max: 0 },
  'vin-p99': { bench: 'bench:vin', what: 'the VIN decoder, p99 per decode over 20,000 inputs of every kind', unit: 'ms', max: 5 },
  'invoice-p95': { bench: 'bench:invoices', what: 'an invoice issued with its PDF (`POST /api/invoices`, then the PDF), p95', unit: 'ms', max: 250 },
  'desk-report': { bench: 'bench:desk', what: "the desk's lead report for a year at 1,000,000 leads, p95", unit: 'ms', max: 300 },
  'desk-owner-list': { bench: 'bench:desk', what: "one owner's lead list at 1,000,000 leads, p95", unit: 'ms', max: 300 },
  'desk-count': { bench: 'bench:desk', what: "the list's total, the slowest filter, p95", unit: 'ms', max: 300 },
  'desk-list-postgres': { bench: 'bench:desk', what: "the list's first page, each filter, search and sort, the slowest p95, on PostgreSQL", unit: 'ms', max: 50 },
  'desk-list-pglite': { bench: 'bench:desk', what: 'the same on PGlite', unit: 'ms', max: 150 },
  'desk-export-rate': { bench: 'bench:desk', what: 'the CSV export of every lead', unit: 'rows/s', min: 50_000 },
  'desk-export-growth': { bench: 'bench:desk', what: "the process's memory growth over that export", unit: 'MB', max: 50 },
});

/** @typedef {keyof typeof TARGETS} TargetId */

/** Whether `value` meets the target (a figure not measured, NaN, misses). @param {TargetId} id @param {number} value */
export function meets(id, value) {
  /** @type {Target} */
  const target = TARGETS[id];
  if (!Number.isFinite(value)) return false;
  return target.max !== undefined ? value <= target.max : value >= (target.min ?? Number.NaN);
}

/**
 * The worst of `values` by the target's bar (the largest under a maximum, the smallest over a
 * minimum); NaN when there are none or one was not measured.
 * @param {TargetId} id @param {number[]} values
 */
export function worstOf(id, values) {
  if (!values.length || values.some(Number.isNaN)) return Number.NaN;
  return 'max' in TARGETS[id] ? Math.max(...values) : Math.min(...values);
}

/** A number as the tables write it: thousands separated, at most four decimals. @param {number} value */
export const figureText = (value) => value.toLocaleString('en', { maximumFractionDigits: 4 });

/** The bar as text: `≤ 1,000 ms`, `≥ 60 %`, `= 0`. @param {TargetId} id */
export function barText(id) {
  /** @type {Target} */
  const target = TARGETS[id];
  const [sign, limit] = target.max !== undefined ? [target.max === 0 ? '=' : '≤', target.max] : ['≥', target.min ?? Number.NaN];
  return `${sign} ${figureText(limit)}${target.unit ? ` ${target.unit}` : ''}`;
}

/** A target's bar over the machine's floor (NaN for a target judged by its absolute bar alone). @param {TargetId} id */
export function overFloorBar(id) {
  /** @type {Target} */
  const target = TARGETS[id];
  return target.overFloor ?? Number.NaN;
}

/**
 * Whether a kept figure meets its target: by its bar over the floor when the run measured the
 * floor (`overFloor`, the worst page's difference), else by the absolute bar.
 * @param {TargetId} id @param {number} value @param {number} [overFloor]
 */
export function meetsRun(id, value, overFloor) {
  const bar = overFloorBar(id);
  if (overFloor === undefined || Number.isNaN(bar)) return meets(id, value);
  return Number.isFinite(overFloor) && overFloor <= bar;
}
