// The CPU time a server process and its children have used, from /proc (Linux): the figure per
// request that a rate taken on a shared 2-core machine hides. A load's rate drifts with whatever
// else runs (±30 % between rounds here); the server's own CPU seconds per request drift far less.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Clock ticks a second, as /proc counts utime and stime. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** Seconds of CPU (user + system) of `pid` alone, or 0 when it is gone (or never started). @param {number | undefined} pid */
function ownSeconds(pid) {
  try {
    // The command's name (field 2) is in parentheses and may hold spaces: count from after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The ids of `pid`'s children (nginx's workers under its master). @param {number | undefined} pid */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU seconds used so far by `pid`, and by its children when `withChildren` (a master process whose
 * workers answer). A process that never started (no pid) has used none.
 * @param {number | undefined} pid
 * @param {{ withChildren?: boolean }} [options]
 */
export function cpuSeconds(pid, { withChildren = false } = {}) {
  return ownSeconds(pid) + (withChildren ? childrenOf(pid).reduce((sum, child) => sum + ownSeconds(child), 0) : 0);
}
