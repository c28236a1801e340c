// The arithmetic of judging pages against the machine's floor, with nothing to run: the order the
// page's and the floor's runs take turns in, a median and its spread, a page's difference from its
// floor, the verdict by benchmarks/targets.mjs and the table `npm run bench` prints. Lighthouse
// simulates a phone as a multiple of the host's own task times, so a page's absolute figures differ
// by machine; what the page adds over an empty page measured in the same turns does far less.
// tests/bench-floor.test.ts holds it to its sums.
import { overFloorBar } from '../targets.mjs';
/** @import { TargetId } from '../targets.mjs' */

/**
 * The order of `runs` rounds over `sides`: each round every side once, in the order given (page,
 * floor, page, floor… for [page, floor]), so that the machine's drift falls on all sides alike.
 * @template T @param {number} runs @param {T[]} sides @returns {{ round: number; side: T }[]}
 */
export function turnOrder(runs, sides) {
  return Array.from({ length: runs }, (_, round) => sides.map((side) => ({ round, side }))).flat();
}

/**
 * The median of `values` (the mean of the two middle ones for an even count) and their lowest and
 * highest; NaN throughout for none, or when one was not measured (NaN).
 * @param {number[]} values @returns {{ median: number; low: number; high: number }}
 */
export function medianSpread(values) {
  if (!values.length || values.some(Number.isNaN)) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[half] : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
  return { median: median ?? Number.NaN, low: sorted[0] ?? Number.NaN, high: sorted.at(-1) ?? Number.NaN };
}

/**
 * A figure of a page beside its floor: both medians and spreads, and how much the page's median is
 * over the floor's.
 * @typedef {{ page: ReturnType<typeof medianSpread>; floor: ReturnType<typeof medianSpread>; over: number }} Beside
 * @param {number[]} page the page's runs @param {number[]} floor the floor's runs, taken in turns with them
 * @returns {Beside}
 */
export function beside(page, floor) {
  const [ofPage, ofFloor] = [medianSpread(page), medianSpread(floor)];
  return { page: ofPage, floor: ofFloor, over: ofPage.median - ofFloor.median };
}

/**
 * Whether a figure beside its floor meets its target's bar over the floor (benchmarks/targets.mjs
 * `overFloor`): the page's median at most that much over the floor's. Not measured (NaN) misses.
 * @param {TargetId} id @param {Beside} figure
 */
export const meetsOverFloor = (id, figure) => Number.isFinite(figure.over) && figure.over <= overFloorBar(id);

/** @param {number} value */
const round = (value) => (Number.isNaN(value) ? '—' : String(Math.round(value)));
/** A median and its spread: `751 (619–755)`, or `751` when every run gave it. @param {ReturnType<typeof medianSpread>} figure */
const medianText = ({ median, low, high }) => (Number.isNaN(median) || low === high ? round(median) : `${round(median)} (${round(low)}–${round(high)})`);
/** A difference with its sign: `+12`, `−3`, `0`. @param {number} over */
export const overText = (over) => (Number.isNaN(over) ? '—' : over > 0 ? `+${Math.round(over)}` : over < 0 ? `−${Math.round(-over)}` : '0');

/**
 * One row of the floor table: what was measured (a page and the state of the consent notice, or a
 * trigger), its figures beside the floor's, and the targets they are judged by; `verdict` is
 * `ok` or names the missed bars.
 * @typedef {{ name: string; figures: { id: TargetId; label: string; figure: Beside }[]; extra?: string[] }} FloorRow
 * @param {FloorRow} row
 */
export function verdict(row) {
  const missed = row.figures.filter(({ id, figure }) => !meetsOverFloor(id, figure)).map(({ label, id }) => `${label} over the floor by more than ${overFloorBar(id)}`);
  return missed.length ? `**missed**: ${missed.join(', ')}` : 'ok';
}

/**
 * The markdown table of `rows` (each with the same figures, in the same order): for each figure the
 * page's median (spread), the floor's, and the difference; then the rows' `extra` cells and the verdict.
 * @param {FloorRow[]} rows @param {string[]} [extraHeads] the heads of the rows' `extra` cells
 */
export function floorTable(rows, extraHeads = []) {
  const first = rows[0];
  if (!first) return '';
  const heads = ['page', ...first.figures.flatMap(({ label }) => [`${label} page`, `${label} floor`, `${label} over floor`]), ...extraHeads, 'verdict'];
  const lines = [`| ${heads.join(' | ')} |`, `| ${heads.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    const cells = row.figures.flatMap(({ figure }) => [medianText(figure.page), medianText(figure.floor), overText(figure.over)]);
    lines.push(`| ${[row.name, ...cells, ...(row.extra ?? []), verdict(row)].join(' | ')} |`);
  }
  return lines.join('\n');
}
