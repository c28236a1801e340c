// The table at the top of docs/benchmarks.md: one row per target of benchmarks/targets.mjs with
// its latest figure from benchmarks/results/, whether it meets its bar, when and on what machine.
// Written by `npm run bench:report` and by every recorded run; tests/bench-report.test.ts fails
// when the file holds anything else, so it is never edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { barText, figureText, meetsRun, TARGETS } from '../targets.mjs';
import { latestFigures, readRuns } from './results.mjs';
/** @import { Machine, Run } from './results.mjs' */
/** @import { TargetId } from '../targets.mjs' */

export const BENCHMARKS_DOC = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const START = '<!-- bars: written by `npm run bench:report` from benchmarks/targets.mjs and benchmarks/results/; not edited by hand -->';
const END = '<!-- /bars -->';

/** @param {Machine} machine */
function machineText({ description, cores, cpu, node, chromium, load }) {
  const processors = cores && cpu ? `${cores} × ${cpu}` : cores ? `${cores} cores` : undefined;
  return [processors, description, node && `Node ${node}`, chromium, load !== undefined && `load average ${load}`].filter(Boolean).join('; ');
}

/** When a run was taken, its code, and where its figures were copied from. @param {Run} run */
function whenText(run) {
  const when = run.at.replace('T', ' ').replace(/Z$/, ' UTC');
  return [when, run.commit, run.settings, run.source && `from ${run.source}`].filter(Boolean).join('; ');
}

/** The table, between its markers. @param {Run[]} runs oldest first */
export function barsTable(runs) {
  const latest = latestFigures(runs);
  const ids = /** @type {TargetId[]} */ (Object.keys(TARGETS));
  /** @param {TargetId} id */
  const isMet = (id) => {
    const figure = latest.get(id);
    return figure !== undefined && meetsRun(id, figure.value, figure.overFloor);
  };
  const met = ids.filter(isMet);
  const rows = ids.map((id) => {
    const { bench, what, unit } = TARGETS[id];
    const figure = latest.get(id);
    if (!figure) return `| ${what} | ${bench} | ${barText(id)} | not measured | no | | |`;
    const units = unit ? ` ${unit}` : '';
    const absolute = `${figureText(figure.value)}${units}`;
    // Against the floor: the worst page's difference, then the floor and the page on that machine.
    const measured = figure.overFloor === undefined || figure.floor === undefined ? absolute : `floor + ${figureText(figure.overFloor)}${units} (floor ${figureText(figure.floor)}${units}; worst page ${absolute})`;
    const value = `${measured}${figure.note ? ` (${figure.note})` : ''}`;
    return `| ${what} | ${bench} | ${barText(id)} | ${value} | ${isMet(id) ? 'yes' : '**no**'} | ${whenText(figure.run)} | ${machineText(figure.run.machine)} |`;
  });
  return [
    START,
    '',
    `Do we meet the bars? ${met.length} of ${ids.length} targets met by their latest figures. A row is the last run that measured its target, and a figure its worst case (the slowest page, the lowest score); a bar \`floor + …\` is judged by the worst page's median over the median of an empty page (a trivial dialog, for a tap) measured in turns with it in the same run, the machine's floor (\`floor + …\` in the latest column, with the floor and the worst page's own figure), else by its absolute bar. A bench run with its standard settings (not shortened by its sizes: \`BENCH_PAGES\`, \`BENCH_TAP_RUNS\`, …) keeps its figures in \`benchmarks/results/\` and writes this table again; the log below says what each run found.`,
    '',
    '| target | `npm run` | bar | latest | met | when (UTC), code, settings | machine |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

/** `doc` with its table replaced by `table` (or put after the title when it has none). @param {string} doc @param {string} table */
export function withBarsTable(doc, table) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start !== -1 && end > start) return `${doc.slice(0, start)}${table}${doc.slice(end + END.length)}`;
  const title = doc.indexOf('\n\n') + 2;
  return `${doc.slice(0, title)}${table}\n\n${doc.slice(title)}`;
}

/** Writes the table of the recorded runs into docs/benchmarks.md. */
export function writeBarsTable() {
  writeFileSync(BENCHMARKS_DOC, withBarsTable(readFileSync(BENCHMARKS_DOC, 'utf8'), barsTable(readRuns())));
}
