// The benches' figures as data: each run taken with a bench's standard settings is a file of
// benchmarks/results/ (`<when>-<bench>.json`): when, the code, the machine, and its figures by
// target (benchmarks/targets.mjs). The table of docs/benchmarks.md shows each target's latest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
/** @import { TargetId } from '../targets.mjs' */

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * The machine a run was taken on. A run copied from the log has only its `description`.
 * @typedef {{ description?: string; cores?: number; cpu?: string; node?: string; chromium?: string; load?: number }} Machine
 */
/**
 * One run. `at`: UTC, `2026-11-27T07:15Z` (a date alone when the log gave no time); `settings`:
 * what the bench was asked to measure (its parts, the database); `source`: where the figures were
 * copied from when the run was not recorded by the bench itself; `notes`: a word on a figure.
 * For a target judged against the machine's floor (benchmarks/lib/floor-figures.mjs), `floor` is
 * the floor's median on that machine (the empty page's, the trivial dialog's; of the row whose
 * difference is the worst) and `overFloor` that worst difference, the page's median over it.
 * @typedef {Partial<Record<TargetId, number>>} Figures
 * @typedef {{ bench: string; at: string; commit?: string; machine: Machine; settings?: string; source?: string; figures: Figures; floor?: Figures; overFloor?: Figures; notes?: Partial<Record<TargetId, string>> }} Run
 */

/** The runs in `dir`, oldest first (by `at`, then by file name). @param {string} [dir] @returns {Run[]} */
export function readRuns(dir = RESULTS_DIR) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => /** @type {Run} */ (JSON.parse(readFileSync(join(dir, name), 'utf8'))))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * Each target's latest figure: the value, its note, the floor's figures beside it when the run
 * measured the floor, and the run it came from.
 * @param {Run[]} runs oldest first
 * @returns {Map<TargetId, { value: number; note?: string; floor?: number; overFloor?: number; run: Run }>}
 */
export function latestFigures(runs) {
  const latest = new Map();
  for (const run of runs) {
    for (const [key, value] of Object.entries(run.figures)) {
      const id = /** @type {TargetId} */ (key);
      latest.set(id, { value, note: run.notes?.[id], floor: run.floor?.[id], overFloor: run.overFloor?.[id], run });
    }
  }
  return latest;
}
