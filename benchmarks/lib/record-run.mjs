// A bench's run kept as data (benchmarks/lib/results.mjs) and the table of docs/benchmarks.md
// written again with it. A run shortened by a bench's size settings (fewer pages, runs or leads)
// does not measure what its targets say, and is not kept.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { writeBarsTable } from './bars-table.mjs';
import { RESULTS_DIR } from './results.mjs';
/** @import { Run } from './results.mjs' */

/** The first line a command prints, or undefined when it cannot run. @param {string} command @param {string[]} args */
function firstLine(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n')[0]?.trim() || undefined : undefined;
}

/**
 * The code measured: the commit, `+changes` when a tracked file differs from it (but for what the
 * runs themselves write: the kept runs and the table).
 */
function commitOfRun() {
  const commit = firstLine('git', ['rev-parse', '--short', 'HEAD']);
  const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!benchmarks/results', ':!docs/benchmarks.md'], { encoding: 'utf8' }).stdout;
  return commit && changed ? `${commit}+changes` : commit;
}

/**
 * Keeps `figures` as a run of `bench` in benchmarks/results/ and rewrites the table, unless one of
 * `shortenedBy` (environment variables that shrink the run) is set.
 * @param {string} bench the `npm run` name (`bench`, `bench:tap`, …)
 * @param {Run['figures']} figures
 * @param {{ shortenedBy?: string[]; settings?: string; notes?: Run['notes']; chromium?: string; floor?: Run['floor']; overFloor?: Run['overFloor'] }} [options]
 *   `settings`: what the run measured, when the bench can measure less or elsewhere (its parts, the
 *   database); `chromium`: the browser's path, for its version; `floor` and `overFloor`: the
 *   machine's floor and the worst difference over it, for the targets judged against it.
 */
export function recordRun(bench, figures, { shortenedBy = [], settings, notes, chromium, floor, overFloor } = {}) {
  const shortened = shortenedBy.filter((name) => process.env[name]);
  if (shortened.length) {
    console.log(`\nNot kept in benchmarks/results/: a run shortened by ${shortened.join(', ')}.`);
    return;
  }
  if (!Object.keys(figures).length) return;
  const at = `${new Date().toISOString().slice(0, 16)}Z`;
  const processors = cpus();
  /** @type {Run} */
  const run = {
    bench,
    at,
    commit: commitOfRun(),
    machine: {
      cores: processors.length,
      cpu: processors[0]?.model.trim(),
      node: process.version,
      chromium: chromium ? firstLine(chromium, ['--version']) : undefined,
      load: Number(loadavg()[0]?.toFixed(1)),
    },
    settings,
    figures,
    // The machine's floor and the worst difference over it (benchmarks/lib/floor-figures.mjs).
    floor: floor && Object.keys(floor).length ? floor : undefined,
    overFloor: overFloor && Object.keys(overFloor).length ? overFloor : undefined,
    notes,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${at.replace(/:/g, '')}-${bench.replace(/:/g, '-')}.json`;
  writeFileSync(join(RESULTS_DIR, file), `${JSON.stringify(run, null, 2)}\n`);
  writeBarsTable();
  console.log(`\nKept in benchmarks/results/${file}; the table of docs/benchmarks.md is written again.`);
}
