/**
 * The arithmetic of the lead report (src/server/desk/report.ts), kept apart from the database:
 * percentiles of a histogram of working minutes, the bands of response time, the period's dates.
 */

/**
 * The lower edges of the buckets of working minutes the report counts in (the same array is in
 * migration 0015's lead_report_bucket): every minute up to 15, then coarser; the bands' edges (5, 10,
 * 30, 60) are edges here, so the bands are exact, and so are medians and percentiles under 15 minutes.
 */
export const BUCKET_EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 25, 30, 40, 50, 60, 90, 120, 180, 240, 360, 480, 720, 960] as const;

/** The bucket of a number of working minutes (an index of BUCKET_EDGES). */
export function bucketOf(minutes: number): number {
  let index = 0;
  while (index + 1 < BUCKET_EDGES.length && BUCKET_EDGES[index + 1]! <= minutes) index += 1;
  return index;
}

/** A bucket's minutes as the report shows them: `8`, `30–39`, `960+`. */
export function bucketText(lower: number): string {
  const index = BUCKET_EDGES.indexOf(lower as (typeof BUCKET_EDGES)[number]);
  const next = BUCKET_EDGES[index + 1];
  if (next === undefined) return `${lower}+`;
  return next === lower + 1 ? String(lower) : `${lower}–${next - 1}`;
}

/** How many leads answered in each bucket, by the bucket's lower edge in minutes. */
export type Histogram = Map<number, number>;

export function addTo(histogram: Histogram, minutes: number, count: number) {
  histogram.set(minutes, (histogram.get(minutes) ?? 0) + count);
}

/**
 * The nearest-rank percentile (the smallest value with at least p of the values at or below it):
 * always a value that occurred, whole minutes; the median of 3, 5, 8, 9 is 5. Of a histogram of
 * buckets: the lower edge of the bucket that holds it.
 */
export function percentile(histogram: Histogram, p: number): number | undefined {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  if (!total) return undefined;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const minutes of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(minutes)!;
    if (seen >= rank) return minutes;
  }
  return undefined;
}

/** Response-time bands in working minutes: [from, to) — under 5, 5–10, 10–30, 30–60, 60 and more. */
export const BANDS = [
  { id: 'under5', to: 5 },
  { id: 'to10', to: 10 },
  { id: 'to30', to: 30 },
  { id: 'to60', to: 60 },
  { id: 'over60', to: Infinity },
] as const;
export type BandId = (typeof BANDS)[number]['id'];

export const bandOf = (minutes: number): BandId => BANDS.find((band) => minutes < band.to)!.id;

/** Counts per band of a histogram. */
export function bandCounts(histogram: Histogram): Record<BandId, number> {
  const counts = Object.fromEntries(BANDS.map((band) => [band.id, 0])) as Record<BandId, number>;
  for (const [minutes, count] of histogram) counts[bandOf(minutes)] += count;
  return counts;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists, else undefined. */
function parseDay(text: string | null | undefined): string | undefined {
  const match = text ? DATE.exec(text) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text! : undefined;
}

/** The date `days` after a `YYYY-MM-DD` date. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export const PRESETS = ['month', 'days30', 'year'] as const;
export type Preset = (typeof PRESETS)[number];

/** The first and last day of a preset, counted from today (a date in the desk's zone). */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  if (preset === 'year') return { from: `${today.slice(0, 5)}01-01`, to: today };
  return { from: addDays(today, -29), to: today };
}

/** The longest period a report covers (a bound on the work one request can ask for). */
const MAX_DAYS = 731;

/**
 * The period of the address (`from`, `to`, both days included, dates in the desk's zone), with
 * every preset whose period it is (`presets`: on the 30th of a month this month's is also the last
 * 30 days', and on the 1st of January this year's too), or this month's when nothing valid is
 * given; reversed dates are swapped, and a period longer than MAX_DAYS ends MAX_DAYS after its start.
 */
export function parsePeriod(params: URLSearchParams, today: string): { from: string; to: string; presets: Preset[] } {
  let from = parseDay(params.get('from'));
  let to = parseDay(params.get('to'));
  if (!from || !to) ({ from, to } = presetRange('month', today));
  if (from > to) [from, to] = [to, from];
  if (addDays(from, MAX_DAYS - 1) < to) to = addDays(from, MAX_DAYS - 1);
  const presets = PRESETS.filter((name) => {
    const range = presetRange(name, today);
    return range.from === from && range.to === to;
  });
  return { from, to, presets };
}
