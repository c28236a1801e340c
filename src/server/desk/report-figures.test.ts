import { describe, expect, it } from 'vitest';
import { bandCounts, bandOf, BUCKET_EDGES, bucketOf, bucketText, parsePeriod, percentile, presetRange, type Histogram } from './report-figures';

const histogram = (values: number[]): Histogram => {
  const counts: Histogram = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

describe('the report’s arithmetic', () => {
  it('takes nearest-rank percentiles of a histogram of minutes', () => {
    expect(percentile(histogram([9, 3, 8, 5]), 0.5)).toBe(5);
    expect(percentile(histogram([9, 3, 8, 5]), 0.9)).toBe(9);
    expect(percentile(histogram([4, 4, 4, 100]), 0.5)).toBe(4);
    expect(percentile(histogram([...Array(9).fill(1), 60]), 0.9)).toBe(1);
    expect(percentile(histogram([...Array(8).fill(1), 60, 61]), 0.9)).toBe(60);
    expect(percentile(new Map(), 0.5)).toBeUndefined();
  });

  it('counts minutes in buckets whose edges hold the bands’ edges, exact under 15 minutes', () => {
    expect([0, 7, 14, 15, 19, 20, 45, 60, 89, 90, 959, 960, 5000].map((minutes) => bucketText(BUCKET_EDGES[bucketOf(minutes)]!))).toEqual(['0', '7', '14', '15–19', '15–19', '20–24', '40–49', '60–89', '60–89', '90–119', '720–959', '960+', '960+']);
    for (const edge of [5, 10, 30, 60]) expect(BUCKET_EDGES).toContain(edge);
  });

  it('puts response times in bands: under 5, 5–10, 10–30, 30–60, 60 and more', () => {
    expect([0, 4, 5, 9, 10, 29, 30, 59, 60, 600].map(bandOf)).toEqual(['under5', 'under5', 'to10', 'to10', 'to30', 'to30', 'to60', 'to60', 'over60', 'over60']);
    expect(bandCounts(histogram([1, 2, 7, 45, 90, 90]))).toEqual({ under5: 2, to10: 1, to30: 0, to60: 1, over60: 2 });
  });

  it('reads the period from the address: presets, swapped and too long periods, nonsense', () => {
    const today = '2026-03-18';
    expect(presetRange('month', today)).toEqual({ from: '2026-03-01', to: today });
    expect(presetRange('days30', today)).toEqual({ from: '2026-02-17', to: today });
    expect(presetRange('year', today)).toEqual({ from: '2026-01-01', to: today });
    const parse = (query: string) => parsePeriod(new URLSearchParams(query), today);
    expect(parse('')).toEqual({ from: '2026-03-01', to: today, presets: ['month'] });
    expect(parse('from=2026-02-30&to=2026-03-01')).toEqual({ from: '2026-03-01', to: today, presets: ['month'] });
    expect(parse('from=2026-01-01&to=2026-03-18')).toEqual({ from: '2026-01-01', to: today, presets: ['year'] });
    expect(parse('from=2026-03-10&to=2026-03-02')).toEqual({ from: '2026-03-02', to: '2026-03-10', presets: [] });
    expect(parse('from=2020-01-01&to=2026-03-18')).toEqual({ from: '2020-01-01', to: '2021-12-31', presets: [] });
  });

  it('names every preset a period is: on the 30th of a month this month is the last 30 days, on the 1st of January this year too', () => {
    const parse = (query: string, today: string) => parsePeriod(new URLSearchParams(query), today);
    expect(parse('from=2026-11-01&to=2026-11-30', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30', presets: ['month', 'days30'] });
    expect(parse('', '2026-11-30').presets).toEqual(['month', 'days30']);
    expect(parse('from=2027-01-01&to=2027-01-01', '2027-01-01').presets).toEqual(['month', 'year']);
    expect(parse('from=2027-01-01&to=2027-01-30', '2027-01-30').presets).toEqual(['month', 'days30', 'year']);
    expect(parse('from=2026-11-01&to=2026-11-30', '2026-12-01').presets).toEqual([]);
  });
});
