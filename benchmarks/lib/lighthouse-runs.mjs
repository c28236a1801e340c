// Lighthouse as its CLI runs it: its defaults (mobile, simulated slow 4G, CPU x4), a fresh Chromium
// with a fresh profile for every run, five runs per page, and the median of them counted. Used by
// `npm run bench`. Each page's runs take turns with as many of the machine's floor (an empty page
// served from loopback, benchmarks/lib/floor-pages.mjs) with the same settings, and the page is
// judged by the difference (benchmarks/lib/floor-figures.mjs). The spread of the runs and the
// main-thread breakdown of the median run are kept, since a single figure hides both the noise and
// where the time went.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { beside, floorTable, medianSpread, turnOrder } from './floor-figures.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/**
 * Lighthouse's main-thread groups, folded into the five the table shows: style and layout, script
 * (evaluation, parse, compile), HTML parsing, paint (and compositing) and the rest (other, garbage
 * collection), which on a fresh Chromium is mostly the browser's own start-up work.
 * @type {Record<string, 'style' | 'script' | 'parse' | 'paint'>}
 */
const GROUPS = { styleLayout: 'style', scriptEvaluation: 'script', scriptParseCompile: 'script', parseHTML: 'parse', paintCompositeRender: 'paint' };

/**
 * Items of the site's local storage (a signed-in visitor's token), put there in the fresh
 * Chromium before the run, as Lighthouse's documentation does it with Puppeteer: a page of the
 * same origin is opened and written to, and Lighthouse then measures in that page with its storage
 * reset off (it would clear them). Each run still starts from a fresh browser and profile.
 * @typedef {{ key: string; value: string }[]} Storage
 */

/**
 * One run in a Chromium of its own, closed after it; `extraHeaders` go with every request (a cookie),
 * `storage` is in the site's local storage from the start.
 * @param {string} url @param {string} chromePath @param {Record<string, string>} [extraHeaders] @param {Storage} [storage]
 */
async function runOnce(url, chromePath, extraHeaders, storage) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    let page;
    if (storage?.length) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      page = await browser.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((items) => {
        for (const { key, value } of items) localStorage.setItem(key, value);
      }, storage);
    }
    const flags = { port: chrome.port, output: /** @type {const} */ ('json'), logLevel: /** @type {const} */ ('error'), onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], extraHeaders, disableStorageReset: Boolean(page) };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    /** @param {string} id */
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    /** @param {string} id */
    const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    /** The rows of an audit's table (both audits read here give one). @param {string} id */
    const tableRows = (id) => {
      const details = lhr.audits[id]?.details;
      return details?.type === 'table' ? details.items : [];
    };
    // Every script's bytes, each URL once: a page's scripts are fetched into the HTTP cache first and
    // then run from it (docs/decisions/051), so their bytes come with a `fetch` request and their
    // <script> load has none; Lighthouse's summary by resource type counts only the latter.
    /** @type {Map<string, number>} */
    const scripts = new Map();
    for (const item of tableRows('network-requests')) {
      if (!/javascript/.test(String(item.mimeType))) continue;
      const url = String(item.url);
      scripts.set(url, Math.max(scripts.get(url) ?? 0, Number(item.transferSize ?? 0)));
    }
    const mainThread = { style: 0, script: 0, parse: 0, paint: 0, other: 0 };
    for (const item of tableRows('mainthread-work-breakdown')) mainThread[GROUPS[String(item.group)] ?? 'other'] += Number(item.duration);
    return {
      error: lhr.runtimeError?.code,
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: Math.round(numeric('largest-contentful-paint')),
      tbt: Math.round(numeric('total-blocking-time')),
      cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
      jsKb: Number(([...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024).toFixed(1)),
      mainThread,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The row of a page's runs: each figure the median of the runs (a run Lighthouse could not measure
 * counts as the worst), `spread` the lowest and highest performance score, LCP and TBT, and
 * `mainThread` that of the median run (by performance score, then TBT); `values` each run's
 * performance score, LCP and TBT (a run not measured as the worst), for the floor's difference.
 * @typedef {Awaited<ReturnType<typeof runOnce>>} Run
 * @typedef {'perf' | 'a11y' | 'bp' | 'seo' | 'lcp' | 'tbt' | 'cls' | 'jsKb'} Figure
 * @param {Run[]} runs
 */
function summary(runs) {
  const measured = runs.filter((run) => !run.error);
  /** @param {Figure} key @param {number} worst */
  const median = (key, worst) => medianSpread(runs.map((run) => (run.error || Number.isNaN(run[key]) ? worst : run[key]))).median;
  /** @param {'perf' | 'lcp' | 'tbt'} key @param {number} worst */
  const values = (key, worst) => runs.map((run) => (run.error || Number.isNaN(run[key]) ? worst : run[key]));
  /** @param {Figure} key */
  const range = (key) => (measured.length ? [Math.min(...measured.map((run) => run[key])), Math.max(...measured.map((run) => run[key]))] : [Number.NaN, Number.NaN]);
  const ranked = [...measured].sort((a, b) => b.perf - a.perf || a.tbt - b.tbt);
  return {
    runs: runs.length,
    error: measured.length * 2 > runs.length ? undefined : runs.find((run) => run.error)?.error,
    perf: median('perf', 0),
    a11y: median('a11y', 0),
    bp: median('bp', 0),
    seo: median('seo', 0),
    lcp: median('lcp', Infinity),
    tbt: median('tbt', Infinity),
    cls: median('cls', Infinity),
    jsKb: median('jsKb', Infinity),
    spread: { perf: range('perf'), lcp: range('lcp'), tbt: range('tbt') },
    values: { perf: values('perf', 0), lcp: values('lcp', Infinity), tbt: values('tbt', Infinity) },
    mainThread: ranked[Math.floor(ranked.length / 2)]?.mainThread,
  };
}

/**
 * RUNS runs of `url` for each of `visitors` ({ label, extraHeaders, storage }), each followed by a run of the
 * floor at `floorUrl`, taking turns run by run (page, floor, page, floor…) so that the machine's
 * drift falls on all alike: a row per visitor, its path labelled, with the summary of its own
 * floor runs beside it.
 * @param {string} path @param {string} url @param {string} floorUrl @param {string} chromePath
 * @param {{ label: string; extraHeaders?: Record<string, string>; storage?: Storage }[]} visitors
 */
export async function lighthouseTurns(path, url, floorUrl, chromePath, visitors) {
  /** @type {{ visitor: (typeof visitors)[number]; runs: Run[]; floorRuns: Run[] }[]} */
  const turns = visitors.map((visitor) => ({ visitor, runs: [], floorRuns: [] }));
  const sides = turns.flatMap((turn) => [{ turn, floor: false }, { turn, floor: true }]);
  for (const { side } of turnOrder(RUNS, sides)) {
    if (side.floor) side.turn.floorRuns.push(await runOnce(floorUrl, chromePath));
    else side.turn.runs.push(await runOnce(url, chromePath, side.turn.visitor.extraHeaders, side.turn.visitor.storage));
  }
  return turns.map(({ visitor, runs, floorRuns }) => ({ path: `${path}${visitor.label}`, ...summary(runs), floor: summary(floorRuns) }));
}

/** @param {number[]} range its lowest and highest */
const span = ([low, high]) => (low === high ? String(low) : `${low}–${high}`);
/** @param {number | undefined} value */
const msOf = (value) => (value === undefined ? '—' : String(Math.round(value)));

/**
 * A row's figures beside its floor's, as benchmarks/targets.mjs judges them.
 * @typedef {{ path: string; floor: ReturnType<typeof summary> } & ReturnType<typeof summary>} LighthouseRow
 * @param {LighthouseRow} row
 */
export function besideFloor(row) {
  return {
    lcp: beside(row.values.lcp, row.floor.values.lcp),
    tbt: beside(row.values.tbt, row.floor.values.tbt),
    perf: beside(row.values.perf, row.floor.values.perf),
  };
}

/**
 * The markdown tables of rows: each page and state of the notice beside its floor (LCP and TBT
 * judged by their bars over the floor, performance as it is), then the page's other figures and the
 * main-thread breakdown of its median run and of its floor's.
 * @param {LighthouseRow[]} rows @param {string} title
 */
export function lighthouseTable(rows, title) {
  const floorRows = rows.map((row) => {
    const figures = besideFloor(row);
    return {
      name: row.path,
      figures: [
        { id: /** @type {const} */ ('lcp'), label: 'LCP ms', figure: figures.lcp },
        { id: /** @type {const} */ ('tbt'), label: 'TBT ms', figure: figures.tbt },
      ],
      extra: [`${row.perf} (${span(row.spread.perf)}) / ${row.floor.perf}`],
    };
  });
  /** @param {ReturnType<typeof summary>['mainThread']} main */
  const mainCells = (main) => [main?.style, main?.script, main?.parse, main?.paint, main?.other].map(msOf).join(' / ');
  const lines = [
    `\n${title}: Lighthouse CLI defaults, a fresh Chromium per run, ${RUNS} runs of the page in turns with ${RUNS} of the floor (an empty page from loopback); median (lowest–highest)`,
    floorTable(floorRows, ['perf page (spread) / floor']),
    '',
    '| page | a11y | bp | seo | CLS | JS KB gz | main thread ms, the median run: style+layout / script / HTML parse / paint / other | the floor\'s |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) lines.push(`| ${r.path} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.cls} | ${r.jsKb} | ${mainCells(r.mainThread)} | ${mainCells(r.floor.mainThread)} |`);
  return lines.join('\n');
}
