import { describe, expect, it } from 'vitest';
import { beside, floorTable, medianSpread, meetsOverFloor, overText, turnOrder, verdict } from '../benchmarks/lib/floor-figures.mjs';
import { barText, meetsRun, overFloorBar } from '../benchmarks/targets.mjs';

// `npm run bench` judges a page by how much it is over an empty page measured in turns with it
// (benchmarks/lib/floor-figures.mjs): its sums and verdicts, held to figures worked out by hand.
describe('the floor of the bench', () => {
  it('takes turns run by run: page, floor, page, floor', () => {
    expect(turnOrder(3, ['page', 'floor']).map(({ round, side }) => `${round}${side}`)).toEqual(['0page', '0floor', '1page', '1floor', '2page', '2floor']);
    expect(turnOrder(2, ['shown', 'floor', 'answered', 'floor']).map(({ side }) => side)).toEqual(['shown', 'floor', 'answered', 'floor', 'shown', 'floor', 'answered', 'floor']);
    expect(turnOrder(0, ['page'])).toEqual([]);
  });

  it('takes the median and the spread, NaN for none or a run not measured', () => {
    expect(medianSpread([900, 700, 800])).toEqual({ median: 800, low: 700, high: 900 });
    expect(medianSpread([4, 1, 3, 2])).toEqual({ median: 2.5, low: 1, high: 4 });
    expect(medianSpread([5])).toEqual({ median: 5, low: 5, high: 5 });
    expect(medianSpread([]).median).toBeNaN();
    expect(medianSpread([1, Number.NaN, 3]).median).toBeNaN();
  });

  it('subtracts the floor median from the page median', () => {
    const figure = beside([1000, 900, 1100], [760, 740, 751]);
    expect(figure).toEqual({ page: { median: 1000, low: 900, high: 1100 }, floor: { median: 751, low: 740, high: 760 }, over: 249 });
    expect(beside([700, 700, 700], [751, 751, 751]).over).toBe(-51);
  });

  it('judges by the bars over the floor: LCP 150 ms, TBT 50 ms, a tap 50 ms', () => {
    expect([overFloorBar('lcp'), overFloorBar('tbt'), overFloorBar('tap-median')]).toEqual([150, 50, 50]);
    expect(overFloorBar('lighthouse-performance')).toBeNaN();
    expect(meetsOverFloor('lcp', beside([901], [751]))).toBe(true);
    expect(meetsOverFloor('lcp', beside([902], [751]))).toBe(false);
    expect(meetsOverFloor('tbt', beside([80, 90, 70], [30, 40, 20]))).toBe(true);
    expect(meetsOverFloor('tbt', beside([81, 91, 71], [30, 40, 20]))).toBe(false);
    expect(meetsOverFloor('tap-median', beside([120], [60]))).toBe(false);
    expect(meetsOverFloor('lcp', beside([Infinity], [751]))).toBe(false);
    expect(meetsOverFloor('lcp', beside([], [751]))).toBe(false);
  });

  it('judges a kept figure by its floor when the run measured it, else by the absolute bar', () => {
    expect(meetsRun('lcp', 1400, 140)).toBe(true);
    expect(meetsRun('lcp', 900, 151)).toBe(false);
    expect(meetsRun('lcp', 1001)).toBe(false);
    expect(meetsRun('lcp', 1000)).toBe(true);
    expect(meetsRun('tbt', 10, Number.NaN)).toBe(false);
    expect(meetsRun('lighthouse-performance', 100, 5)).toBe(true);
    expect(barText('lcp')).toBe('≤ 1,000 ms');
  });

  it('prints each figure as page, floor and the difference, and the verdict', () => {
    const ok = { name: '/ru (notice shown)', figures: [{ id: 'lcp' as const, label: 'LCP ms', figure: beside([900, 880, 950], [751, 750, 752]) }], extra: ['100'] };
    const missed = { name: '/en', figures: [{ id: 'lcp' as const, label: 'LCP ms', figure: beside([1000, 1000, 1000], [751, 751, 751]) }] };
    expect(verdict(ok)).toBe('ok');
    expect(verdict(missed)).toBe('**missed**: LCP ms over the floor by more than 150');
    expect(floorTable([ok], ['perf']).split('\n')).toEqual([
      '| page | LCP ms page | LCP ms floor | LCP ms over floor | perf | verdict |',
      '| --- | --- | --- | --- | --- | --- |',
      '| /ru (notice shown) | 900 (880–950) | 751 (750–752) | +149 | 100 | ok |',
    ]);
    expect(floorTable([missed]).split('\n')[2]).toBe('| /en | 1000 | 751 | +249 | **missed**: LCP ms over the floor by more than 150 |');
    expect([overText(-3.4), overText(0), overText(Number.NaN)]).toEqual(['−3', '0', '—']);
    expect(floorTable([])).toBe('');
  });
});
