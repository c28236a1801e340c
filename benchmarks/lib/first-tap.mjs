// How long a visitor's FIRST tap on a dialog trigger takes to show the dialog ready for typing, and
// the INP of a few flows, on Lighthouse's mobile profile (benchmarks/lib/mobile-profile.mjs). Used by
// `npm run bench:tap` alone and by `npm run bench` after its Lighthouse table.
/** @import { Browser } from '@playwright/test' */
/** @import { InpRow } from './inp-flows.mjs' */
import { CONSENT_COOKIE } from '../../src/site/consent.mjs';
import { dialogProbeScript } from './dialog-probe.mjs';
import { barText, meets, worstOf } from '../targets.mjs';
import { FLOWS, inpFailures, measureFlow, MOBILE_MENU } from './inp-flows.mjs';
import { beside, floorTable, meetsOverFloor, turnOrder } from './floor-figures.mjs';
import { launchBrowser, medianWorst, mobilePage, sleep } from './mobile-profile.mjs';
/** @import { Run } from './results.mjs' */
/** A tap whose dialog has not opened by then counts as this long, and as a failure. */
const TIMEOUT_MS = 15_000;
/** A Russian address: with TRUST_PROXY=1 the server takes the visitor from X-Forwarded-For. */
const RUSSIAN_VISITOR = { 'X-Forwarded-For': '77.88.8.8' };
/** Something in main to touch that is no link and no trigger: a reader's first touch. */
const NEUTRAL = 'main h1';

/**
 * The triggers, as `selector` (its first match) on `page`. `menu` is tapped first when the trigger
 * sits in the mobile menu; such a trigger is measured in the read scenario only (`readOnly`): in
 * the cold one the menu tap would be the visitor's first touch, not the trigger's.
 * @typedef {{ page: string; trigger: string; selector: string; menu?: string; readOnly?: boolean; headers?: Record<string, string> }} Trigger
 * @param {string} page @returns {Trigger[]}
 */
const home = (page) => [
  { page, trigger: 'hero buy', selector: 'main [data-dialog="buy"]' },
  { page, trigger: 'hero demo', selector: 'main [data-dialog="demo"]' },
  { page, trigger: 'tariff card buy', selector: '#tarif [data-dialog="buy"]' },
  { page, trigger: 'footer demo', selector: 'footer [data-dialog="demo"]' },
  { page, trigger: 'footer feedback', selector: 'footer [data-dialog="feedback"]' },
  { page, trigger: 'header login', selector: 'header [data-dialog="auth"]' },
  { page, trigger: 'header contacts (menu)', selector: `${MOBILE_MENU} [data-dialog="feedback"]`, menu: `${MOBILE_MENU} > summary`, readOnly: true },
];
/** @param {string} page @returns {Trigger[]} */
const product = (page) => [
  { page, trigger: 'order buy', selector: 'main [data-dialog="order-buy"]' },
  { page, trigger: 'order demo', selector: 'main [data-dialog="order-demo"]' },
  { page, trigger: 'footer feedback', selector: 'footer [data-dialog="feedback"]' },
  // Visitors abroad get no login on product pages; one in Russia does.
  { page, trigger: 'header login (visitor in Russia)', selector: 'header [data-dialog="auth"]', headers: RUSSIAN_VISITOR },
];
const TRIGGERS = [...home('/ru'), ...home('/en'), ...product('/ru/epc'), ...product('/en/epc')];

/** @param {Trigger} trigger */
const rowName = (trigger) => `${trigger.page} ${trigger.trigger}`;

/** Entries below this are not reported by Event Timing: a tap with none counts as this long. */
const EVENT_FLOOR_MS = 16;
/** @type {('cold' | 'read')[]} */
const SCENARIOS = ['cold', 'read'];

/**
 * A visitor a trigger is tapped as: `label` marks the row, `consent` the choice already made.
 * @typedef {{ label: string; consent?: string }} Visitor
 */
/**
 * A tap's figures (see tapOnce).
 * @typedef {{ ms: number; rafMs?: number; late?: boolean; error?: string }} Tap
 */
/**
 * A trigger's row: per scenario the median and the worst of both clocks.
 * @typedef {ReturnType<typeof medianWorst> & { raf: ReturnType<typeof medianWorst> }} TapCell
 * `floor`: per scenario the same tap on the trivial dialog of benchmarks/lib/floor-pages.mjs, taken in
 * turns with the trigger's, beside the trigger's times (benchmarks/lib/floor-figures.mjs).
 * @typedef {{ page: string; trigger: string; errors: string[]; late: number; cold?: TapCell; read?: TapCell; floor?: { cold?: import('./floor-figures.mjs').Beside; read?: import('./floor-figures.mjs').Beside } }} TapRow
 */

/**
 * One tap in a fresh context: { ms, rafMs } or { ms: TIMEOUT_MS, error } when the dialog does not
 * open. `ms` is the tap's Event Timing duration (touch to the next paint, as INP counts it), or the
 * rAF figure when the dialog showed in a later frame than that paint (the visitor waited for it);
 * `rafMs` is the old clock, from the touch to the rAF callback of the frame that shows the dialog.
 * cold: the tap 1.5 s after load is the visitor's first touch; read: the visitor touched the text
 * once and read for 6 s first.
 * @param {Browser} browser @param {string} base @param {Trigger} trigger @param {'cold' | 'read'} scenario @param {Visitor} visitor
 * @returns {Promise<Tap>}
 */
async function tapOnce(browser, base, trigger, scenario, visitor) {
  const cookies = visitor.consent ? [{ name: CONSENT_COOKIE, value: visitor.consent, url: base }] : undefined;
  const { context, page } = await mobilePage(browser, { initScripts: [dialogProbeScript], headers: trigger.headers, cookies });
  try {
    await page.goto(`${base}${trigger.page}`, { waitUntil: 'load' });
    const loaded = Date.now();
    if (scenario === 'read') {
      await page.locator(NEUTRAL).first().tap();
      await sleep(6000);
      if (trigger.menu) await page.locator(trigger.menu).tap();
    }
    const target = page.locator(trigger.selector).first();
    // Scrolling is no touch (the page's scripts start on the first pointerdown, keydown, ...).
    await target.scrollIntoViewIfNeeded();
    if (scenario === 'cold') await sleep(1500 - (Date.now() - loaded));
    await page.evaluate(() => window.__tapProbe.reset());
    await target.tap({ timeout: TIMEOUT_MS });
    // Resolves once the dialog is open and the interaction's click entry has come (or a second
    // has passed since: every entry under 16 ms is left out), or with the timeout from the tap.
    /** @type {[timeout: number, floor: number]} */
    const limits = [TIMEOUT_MS, EVENT_FLOOR_MS];
    const result = await page.waitForFunction(
      ([timeout, floor]) => {
        const { tapAt, openAt, eventMs, clickSeen } = window.__tapProbe;
        if (tapAt === null) return null;
        if (openAt !== null && (clickSeen || performance.now() - openAt > 1000)) {
          const rafMs = openAt - tapAt;
          const eventTiming = Math.max(eventMs, floor);
          return { ms: rafMs > eventTiming ? rafMs : eventTiming, rafMs, late: rafMs > eventTiming };
        }
        return performance.now() - tapAt > timeout && { ms: timeout, error: `no dialog within ${timeout / 1000} s` };
      },
      limits,
      { polling: 100, timeout: TIMEOUT_MS + 5000 },
    );
    const tap = await result.jsonValue();
    if (!tap) throw new Error('the wait ended on no figures'); // it ends on a truthy value only
    return tap;
  } catch (error) {
    return { ms: TIMEOUT_MS, error: String(error instanceof Error ? error.message : error).split('\n')[0] };
  } finally {
    await context.close();
  }
}

/**
 * The visitors a trigger is tapped as. With a Metrica counter the consent notice shows on a first
 * visit; `noticeAb` also taps as a returning visitor who declined (no notice), alternating the two
 * run by run on the same build, so that what the notice costs is not confounded with the machine's
 * drift between two separate runs.
 */
/** @type {Visitor} */
const FIRST_VISIT = { label: '' };
/** @type {Visitor[]} */
const NOTICE_AB = [
  { label: ' (notice shown)' },
  { label: ' (choice made, no notice)', consent: 'denied' },
];

/** The floor of a tap: the button of the trivial dialog (benchmarks/lib/floor-pages.mjs). @type {Trigger} */
const FLOOR_TRIGGER = { page: '/dialog', trigger: 'a trivial <dialog>', selector: 'main [data-dialog]' };

/**
 * `runs` taps per scenario and visitor, the visitors taking turns, each tap followed by one on the
 * floor's trivial dialog at `floorBase` when given (trigger, floor, trigger, floor…); a row per
 * visitor keeps the median and the worst of both clocks, the errors seen and its floor beside it.
 * @param {Browser} browser @param {string} base @param {Trigger} trigger @param {number} runs @param {Visitor[]} visitors @param {string} [floorBase]
 */
async function tapRows(browser, base, trigger, runs, visitors, floorBase) {
  /** Each visitor's row, and the times of its taps and of its floor's in the scenario being run. @type {{ visitor: Visitor; row: TapRow; times: number[]; rafTimes: number[]; floorTimes: number[] }[]} */
  const turns = visitors.map((visitor) => ({ visitor, row: { page: trigger.page, trigger: `${trigger.trigger}${visitor.label}`, errors: [], late: 0 }, times: [], rafTimes: [], floorTimes: [] }));
  const sides = turns.flatMap((turn) => [{ turn, floor: false }, ...(floorBase ? [{ turn, floor: true }] : [])]);
  for (const scenario of SCENARIOS) {
    if (scenario === 'cold' && trigger.readOnly) continue;
    for (const turn of turns) {
      turn.times = [];
      turn.rafTimes = [];
      turn.floorTimes = [];
    }
    for (const { side } of turnOrder(runs, sides)) {
      const { turn } = side;
      if (side.floor && floorBase) {
        const { ms, error } = await tapOnce(browser, floorBase, FLOOR_TRIGGER, scenario, FIRST_VISIT);
        turn.floorTimes.push(ms);
        if (error) turn.row.errors.push(`${scenario}, the floor: ${error}`);
      } else {
        const { ms, rafMs, late, error } = await tapOnce(browser, base, trigger, scenario, turn.visitor);
        turn.times.push(ms);
        turn.rafTimes.push(rafMs ?? ms);
        if (late) turn.row.late++;
        if (error) turn.row.errors.push(`${scenario}: ${error}`);
      }
      process.stdout.write('.');
    }
    for (const turn of turns) {
      turn.row[scenario] = { ...medianWorst(turn.times), raf: medianWorst(turn.rafTimes) };
      if (floorBase) turn.row.floor = { ...turn.row.floor, [scenario]: beside(turn.times, turn.floorTimes) };
    }
  }
  return turns.map((turn) => turn.row);
}

/** One line per scenario that misses a target, and one per kind of error (with its count). @param {TapRow} row */
function tapFailures(row) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const error of row.errors) counts.set(error, (counts.get(error) ?? 0) + 1);
  const failures = [...counts].map(([error, count]) => `${row.page} ${row.trigger}: ${error} (${count} run${count > 1 ? 's' : ''})`);
  for (const scenario of SCENARIOS) {
    const cell = row[scenario];
    // The median by its bar over the floor when the floor was tapped too, else by the absolute one.
    const floor = row.floor?.[scenario];
    const medianMet = floor ? meetsOverFloor('tap-median', floor) : cell && meets('tap-median', cell.median);
    if (cell && !(medianMet && meets('tap-worst', cell.worst))) {
      const over = floor ? `, ${Math.round(floor.over)} over the floor's ${Math.round(floor.floor.median)}` : '';
      failures.push(`${row.page} ${row.trigger}: ${scenario} median ${Math.round(cell.median)} ms${over}, worst ${Math.round(cell.worst)} ms (targets ${barText('tap-median')}, ${barText('tap-worst')})`);
    }
  }
  return failures;
}

/**
 * The targets' figures of a run: the slowest median and single tap over every trigger and
 * scenario (a tap that failed counts as its timeout), and the slowest flow's INP; only those measured.
 * `besideFloor`: each trigger and scenario beside its floor, where the floor was tapped.
 * @param {{ taps: TapRow[], inp: InpRow[] }} rows
 * @returns {{ figures: Run['figures']; besideFloor: import('./floor-figures.mjs').Beside[] }}
 */
export function tapFigures({ taps, inp }) {
  const cells = taps.flatMap((row) => SCENARIOS.flatMap((scenario) => row[scenario] ?? []));
  return {
    figures: {
      ...(cells.length ? { 'tap-median': worstOf('tap-median', cells.map((cell) => cell.median)), 'tap-worst': worstOf('tap-worst', cells.map((cell) => cell.worst)) } : {}),
      ...(inp.length ? { inp: worstOf('inp', inp.map((row) => (row.error ? Number.NaN : (row.value ?? Number.NaN)))) } : {}),
    },
    besideFloor: taps.flatMap((row) => SCENARIOS.flatMap((scenario) => row.floor?.[scenario] ?? [])),
  };
}

/**
 * Runs both benchmarks against a running server at `base`: one browser, a fresh context per run.
 * BENCH_TAP_RUNS (default 5) taps per trigger and scenario; BENCH_TAP_ONLY, a comma list of row
 * names ("/ru hero buy", a flow's name), keeps only those rows. `noticeAb` (a build with a counter):
 * every trigger is also tapped as a visitor who has made the consent choice (NOTICE_AB); `floorBase`
 * (benchmarks/lib/floor-pages.mjs): every tap is followed by one on its trivial dialog, the floor.
 * @param {string} base
 * @param {{ runs?: number; only?: string; noticeAb?: boolean; floorBase?: string }} [options]
 * @returns {Promise<{ rows: { taps: TapRow[], inp: InpRow[] }, failures: string[] }>}
 */
export async function tapBench(base, { runs = Math.max(1, Number(process.env.BENCH_TAP_RUNS) || 5), only = process.env.BENCH_TAP_ONLY, noticeAb = false, floorBase } = {}) {
  const wanted = only ? new Set(only.split(',').map((name) => name.trim())) : null;
  /** @param {string} name */
  const picked = (name) => !wanted || wanted.has(name);
  /** @type {{ taps: TapRow[], inp: InpRow[] }} */
  const rows = { taps: [], inp: [] };
  const browser = await launchBrowser();
  try {
    for (const trigger of TRIGGERS.filter((t) => picked(rowName(t)))) rows.taps.push(...(await tapRows(browser, base, trigger, runs, noticeAb ? NOTICE_AB : [FIRST_VISIT], floorBase)));
    for (const flow of FLOWS.filter((f) => picked(f.name))) {
      rows.inp.push(await measureFlow(browser, base, flow));
      process.stdout.write('.');
    }
  } finally {
    await browser.close();
  }
  process.stdout.write('\n');
  const failures = [...rows.taps.flatMap(tapFailures), ...rows.inp.flatMap(inpFailures)];
  if (wanted && !rows.taps.length && !rows.inp.length) failures.push(`BENCH_TAP_ONLY=${only} names no row (row names: "/ru hero buy", "mobile menu", ...)`);
  return { rows, failures };
}

/** @param {number | null | undefined} value */
const ms = (value) => (value === undefined || value === null || Number.isNaN(value) ? '—' : String(Math.round(value)));

/** The two markdown tables (a table with no rows is left out). @param {{ taps: TapRow[], inp: InpRow[] }} rows */
export function tapTables({ taps, inp }) {
  const lines = [];
  if (taps.length) {
    lines.push(
      `\n| page | trigger | cold median ms | cold worst ms | read median ms | read worst ms | rAF clock cold / read median ms | dialog after the paint |`,
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const r of taps) {
      lines.push(`| ${r.page} | ${r.trigger} | ${ms(r.cold?.median)} | ${ms(r.cold?.worst)} | ${ms(r.read?.median)} | ${ms(r.read?.worst)} | ${ms(r.cold?.raf.median)} / ${ms(r.read?.raf.median)} | ${r.late} |`);
    }
    lines.push(
      `Event Timing: the tap's interaction duration, touch to the next paint, as INP counts it (under ${EVENT_FLOOR_MS} ms counts as ${EVENT_FLOOR_MS}); where the dialog showed in a later frame, the time to that frame.`,
      `rAF clock, for comparison only: touch to the rAF callback of the frame showing the dialog, before that frame's style, layout and paint.`,
      `"dialog after the paint": runs whose dialog was not painted within the interaction. Targets: median ${barText('tap-median')}, worst ${barText('tap-worst')}; "—": not measured in that scenario.`,
    );
    const besides = taps.flatMap((r) =>
      SCENARIOS.flatMap((scenario) => {
        const figure = r.floor?.[scenario];
        return figure ? [{ name: `${r.page} ${r.trigger}, ${scenario}`, figures: [{ id: /** @type {const} */ ('tap-median'), label: 'tap ms', figure }], extra: [ms(r[scenario]?.worst)] }] : [];
      }),
    );
    if (besides.length) lines.push('', 'Each tap beside the same tap on a trivial <dialog> from loopback (the floor), taken in turns; median (lowest–highest):', floorTable(besides, ['worst tap ms']));
  }
  if (inp.length) {
    lines.push(`\n| flow | INP ms | slowest interaction (target, type) | input delay | processing | presentation |`, '| --- | --- | --- | --- | --- | --- |');
    for (const r of inp) {
      const slowest = r.error ? `not measured: ${r.error}` : `${r.target || '(removed)'}, ${r.type ?? '?'}`;
      lines.push(`| ${r.flow} | ${ms(r.value)} | ${slowest} | ${ms(r.inputDelay)} | ${ms(r.processing)} | ${ms(r.presentation)} |`);
    }
    lines.push(`INP by web-vitals (Event Timing). Target: INP ${barText('inp')} per flow.`);
  }
  return lines.join('\n');
}
