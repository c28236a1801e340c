import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { barsTable, BENCHMARKS_DOC, withBarsTable } from '../benchmarks/lib/bars-table.mjs';
import { readRuns } from '../benchmarks/lib/results.mjs';
import { barText, meets, TARGETS, worstOf, type TargetId } from '../benchmarks/targets.mjs';

// docs/benchmarks.md opens with a table of every target (benchmarks/targets.mjs) and its latest
// figure (benchmarks/results/): `npm run bench:report` and every kept bench run write it, and no
// hand edit of it, nor a run or target added without writing it again, goes unnoticed.
const runs = readRuns();
const ids = Object.keys(TARGETS) as TargetId[];

describe('the table of docs/benchmarks.md', () => {
  it('is what npm run bench:report writes from the kept runs', () => {
    const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
    expect(withBarsTable(doc, barsTable(runs))).toBe(doc);
  });

  it('has a row for every target, each with a figure', () => {
    const rows = barsTable(runs)
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| target |') && !line.startsWith('| --- |'));
    expect(rows).toHaveLength(ids.length);
    for (const id of ids) expect(rows.some((row) => row.startsWith(`| ${TARGETS[id].what} | ${TARGETS[id].bench} | ${barText(id)} | `)), id).toBe(true);
    expect(rows.filter((row) => row.includes('| not measured |'))).toEqual([]);
  });

  it('reads runs that say when, on what machine, and figures of known targets only', () => {
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run.at, JSON.stringify(run)).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}Z)?$/);
      expect(Object.keys(run.machine).length, run.at).toBeGreaterThan(0);
      expect(Object.keys(run.figures).filter((id) => !(id in TARGETS)), run.at).toEqual([]);
    }
  });

  it('judges a figure by its bar, a figure not measured as missed', () => {
    expect([meets('lcp', 1000), meets('lcp', 1001), meets('lighthouse-performance', 99), meets('cls', 0), meets('cls', Number.NaN)]).toEqual([true, false, false, true, false]);
    expect([worstOf('lcp', [900, 1100]), worstOf('static-share-br', [70, 55])]).toEqual([1100, 55]);
    expect(worstOf('inp', [100, Number.NaN])).toBeNaN();
    expect([barText('desk-export-rate'), barText('lcp'), barText('leads-lost')]).toEqual(['≥ 50,000 rows/s', '≤ 1,000 ms', '= 0']);
  });
});
