// All the JavaScript a page ever loads, as a visitor's browser receives it (the scripts' compressed
// bodies on the wire, headers not counted, each script once): the page loaded, touched (the scripts
// start), then every dialog opened and a field of each typed into, and a VIN typed into the page's
// VIN check (the hero's loads its decoder on use), so that whatever loads on use is counted too.
// Used by `npm run bench`.
import { barText, meets, TARGETS } from '../targets.mjs';
import { launchBrowser, sleep } from './mobile-profile.mjs';

/** The budget in KiB (benchmarks/targets.mjs), which tests/e2e/js-budget.spec.ts holds each page to. */
export const JS_TARGET_KB = TARGETS['js-all'].max;
const JS_PAGES = ['/ru', '/en', '/ru/epc', '/ru/vehicle', '/en/tis'];
/** A VIN whose answer shows everything the check can show (maker, year, coverage). */
const SAMPLE_VIN = 'WVWZZZ1JZ3W386752';

/**
 * { path, kb, files } for one page, in a fresh `page` of its own context: the sum of its scripts'
 * compressed bodies after the visitor's whole use (also run by tests/e2e/js-budget.spec.ts).
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 */
export async function allScriptsOf(page, url) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Each script once, by URL: the page's scripts are fetched into the HTTP cache first and then run
  // from it (docs/decisions/051), so a script's bytes come with a `fetch`, and its <script> load
  // receives none. The bytes are the compressed body's Content-Length, as the edge sends it; the
  // bytes received where a response has none.
  /** @type {Map<string, number>} */
  const scripts = new Map();
  /** @type {Map<string, string>} request id → URL, for the responses without a length */
  const unsized = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!/javascript/.test(response.mimeType) || response.status !== 200) return;
    const length = Number(Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1]);
    if (Number.isFinite(length) && length > 0) scripts.set(response.url, length);
    else if (!scripts.has(response.url)) unsized.set(requestId, response.url);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const url = unsized.get(requestId);
    if (url && !scripts.get(url)) scripts.set(url, encodedDataLength);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('main h1').first().click();
  await page.waitForFunction(() => document.querySelector('form[data-ready]') !== null, null, { timeout: 30_000 }).catch(() => {});
  for (const name of await page.$$eval('[data-dialog]', (els) => [...new Set(els.map((el) => el.getAttribute('data-dialog')))])) {
    const trigger = page.locator(`[data-dialog="${name}"]:visible`).first();
    if (!(await trigger.count())) continue;
    await trigger.click();
    await page.keyboard.type('9');
    await page.keyboard.press('Escape');
  }
  const vin = page.locator('input[name="vin"]:visible').first();
  if (await vin.count()) await vin.fill(SAMPLE_VIN);
  await page.waitForLoadState('networkidle');
  await sleep(500);
  const bytes = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  return { path: new URL(url).pathname, kb: Number((bytes / 1024).toFixed(1)), files: scripts.size };
}

/** @param {import('@playwright/test').Browser} browser @param {string} url */
async function pageWeight(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    return await allScriptsOf(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

/** Rows for JS_PAGES and the targets they miss. @param {string} base */
export async function jsWeights(base) {
  const browser = await launchBrowser();
  const rows = [];
  try {
    for (const path of JS_PAGES) rows.push(await pageWeight(browser, `${base}${path}`));
  } finally {
    await browser.close();
  }
  const failures = rows.filter((row) => !meets('js-all', row.kb)).map((row) => `${row.path}: all JS ${row.kb} KiB, target ${barText('js-all')}`);
  const table = ['| page | all JS a page ever loads, compressed KiB | files |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.path} | ${r.kb} | ${r.files} |`)].join('\n');
  return { rows, failures, table };
}
