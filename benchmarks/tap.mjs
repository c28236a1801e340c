// `npm run bench:tap`: how fast a visitor's first tap on a dialog trigger opens the dialog, and the
// INP of a few flows, on Lighthouse's mobile profile (benchmarks/lib/first-tap.mjs). Builds if needed,
// starts the production server on a loopback port (and the floor's trivial dialog beside it,
// benchmarks/lib/floor-pages.mjs), prints two tables, keeps its figures
// (benchmarks/lib/record-run.mjs) and exits 1 when a target is missed. BENCH_TAP_RUNS (default 5)
// and BENCH_TAP_ONLY (comma list of row names) shorten it, and the run is then not kept.
import { existsSync } from 'node:fs';
import { ensureBuild } from '../scripts/lib/build.mjs';
import { tapBench, tapFigures, tapTables } from './lib/first-tap.mjs';
import { startFloor } from './lib/floor-pages.mjs';
import { recordRun } from './lib/record-run.mjs';
import { startServer } from './lib/serve.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is not at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureBuild();
const started = Date.now();
const server = await startServer({ TRUST_PROXY: '1', DATA_DIR: `.bench-data/${process.pid}` });
// Stopped by a signal: take the server down too (Playwright closes its browser itself).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.child.kill('SIGTERM');
    process.exit(130);
  });
}
const floor = await startFloor();
let result;
try {
  result = await tapBench(server.url, { floorBase: floor.url });
} finally {
  await floor.stop();
  await server.stop();
}
console.log(tapTables(result.rows));
console.log(`\nTook ${Math.round((Date.now() - started) / 1000)} s.`);
const tapped = tapFigures(result.rows);
const overFloor = Math.max(...tapped.besideFloor.map((figure) => (Number.isNaN(figure.over) ? Infinity : figure.over)));
const worstFloor = tapped.besideFloor.find((figure) => figure.over === overFloor || (overFloor === Infinity && Number.isNaN(figure.over)));
recordRun('bench:tap', tapped.figures, {
  ...(worstFloor ? { overFloor: { 'tap-median': overFloor }, floor: { 'tap-median': worstFloor.floor.median } } : {}), shortenedBy: ['BENCH_TAP_RUNS', 'BENCH_TAP_ONLY'], chromium: CHROMIUM });
if (result.failures.length) {
  console.log(`\nMISSED ${result.failures.length} target(s):\n  ${result.failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll targets met.');
