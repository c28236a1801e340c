// Lighthouse as its CLI runs it: its defaults (mobile, simulated slow 4G, CPU x4), a fresh Chromium
// with a fresh profile for every run, five runs per page, and the median of them counted. Used by
// `npm run bench`. The spread of the runs and the main-thread breakdown of the median run are kept,
// since a single figure hides both the noise and where the time went.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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
 * One run in a Chromium of its own, closed after it; `extraHeaders` go with every request (a cookie).
 * @param {string} url @param {string} chromePath @param {Record<string, string>} [extraHeaders]
 */
async function runOnce(url, chromePath, extraHeaders) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], extraHeaders });
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
    const scripts = tableRows('resource-summary').find((item) => item.resourceType === 'script');
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
      jsKb: Number((Number(scripts?.transferSize ?? 0) / 1024).toFixed(1)),
      mainThread,
    };
  } finally {
    await chrome.kill();
  }
}

/** @param {number[]} values (never none: there is at least one run) */
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The row of a page's runs: each figure the median of the runs (a run Lighthouse could not measure
 * counts as the worst), `spread` the lowest and highest performance score, LCP and TBT, and
 * `mainThread` that of the median run (by performance score, then TBT).
 * @typedef {Awaited<ReturnType<typeof runOnce>>} Run
 * @typedef {'perf' | 'a11y' | 'bp' | 'seo' | 'lcp' | 'tbt' | 'cls' | 'jsKb'} Figure
 * @param {Run[]} runs
 */
function summary(runs) {
  const measured = runs.filter((run) => !run.error);
  /** @param {Figure} key @param {number} worst */
  const median = (key, worst) => middle(runs.map((run) => (run.error || Number.isNaN(run[key]) ? worst : run[key])));
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
    mainThread: ranked[Math.floor(ranked.length / 2)]?.mainThread,
  };
}

/**
 * RUNS runs of `url`, summed up (summary).
 * @param {string} url @param {string} chromePath
 */
export async function lighthouseRow(url, chromePath) {
  /** @type {Run[]} */
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await runOnce(url, chromePath));
  return summary(runs);
}

/**
 * RUNS runs of `url` for each of `visitors` ({ label, extraHeaders }), taking turns run by run so
 * that the machine's drift falls on all alike: a row per visitor, its path labelled.
 * @param {string} path @param {string} url @param {string} chromePath
 * @param {{ label: string; extraHeaders?: Record<string, string> }[]} visitors
 */
export async function lighthouseTurns(path, url, chromePath, visitors) {
  /** @type {{ visitor: (typeof visitors)[number]; runs: Run[] }[]} */
  const turns = visitors.map((visitor) => ({ visitor, runs: [] }));
  for (let run = 0; run < RUNS; run++) {
    for (const turn of turns) turn.runs.push(await runOnce(url, chromePath, turn.visitor.extraHeaders));
  }
  return turns.map(({ visitor, runs }) => ({ path: `${path}${visitor.label}`, ...summary(runs) }));
}

/** @param {number[]} range its lowest and highest */
const span = ([low, high]) => (low === high ? String(low) : `${low}–${high}`);
/** @param {number | undefined} value */
const msOf = (value) => (value === undefined ? '—' : String(Math.round(value)));

/**
 * The markdown table of rows ({ path, ...lighthouseRow }).
 * @typedef {{ path: string } & ReturnType<typeof summary>} LighthouseRow
 * @param {LighthouseRow[]} rows @param {string} title
 */
export function lighthouseTable(rows, title) {
  const lines = [
    `\n${title}: Lighthouse CLI defaults, a fresh Chromium per run, median of ${RUNS} (spread: lowest–highest of the runs; main thread: the median run's, ms)`,
    '| page | perf | a11y | bp | seo | LCP ms | TBT ms | CLS | JS KB gz | perf spread | LCP spread | TBT spread | style/layout | script | HTML parse | paint | other |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const main = r.mainThread;
    lines.push(`| ${r.path} | ${r.perf} | ${r.a11y} | ${r.bp} | ${r.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.jsKb} | ${span(r.spread.perf)} | ${span(r.spread.lcp)} | ${span(r.spread.tbt)} | ${msOf(main?.style)} | ${msOf(main?.script)} | ${msOf(main?.parse)} | ${msOf(main?.paint)} | ${msOf(main?.other)} |`);
  }
  return lines.join('\n');
}
