// What the product's pictures add to a page's first screen: the compressed bytes of the pictures a
// visitor's browser has loaded once the page has loaded and nothing was scrolled (a lazy picture
// loads when it nears the screen, so one just below the fold may count too), on a phone's screen
// and on a desktop's, for the home pages and every product page with a picture. Used by
// `npm run bench`; the target (benchmarks/targets.mjs): no more than 10 KiB on any page.
import { products } from '../../src/site/products.mjs';
import { barText, meets } from '../targets.mjs';
import { launchBrowser, sleep } from './mobile-profile.mjs';

const SCREENS = [
  { name: '412 px', viewport: { width: 412, height: 823 } },
  { name: '1280 px', viewport: { width: 1280, height: 900 } },
];
const PAGES = ['ru', 'en'].flatMap((locale) => [`/${locale}`, ...products.filter((product) => 'picture' in product && product.picture).map((product) => `/${locale}/${product.id}`)]);

/**
 * The pictures' compressed bytes (resource timing's encoded body size) loaded on `url`'s first screen.
 * @param {import('@playwright/test').Browser} browser @param {string} url @param {{ width: number; height: number }} viewport
 */
async function firstScreenPictures(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await sleep(500);
    return await page.evaluate(() => {
      const pictures = new Set([...document.querySelectorAll('main figure img')].map((img) => /** @type {HTMLImageElement} */ (img).currentSrc).filter(Boolean));
      const loaded = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter((entry) => pictures.has(entry.name));
      return { bytes: loaded.reduce((sum, entry) => sum + entry.encodedBodySize, 0), count: loaded.length };
    });
  } finally {
    await context.close();
  }
}

/**
 * The table (a row per page, a column per screen), the pages over the target, and every page's
 * KiB at every screen. @param {string} base
 */
export async function pictureWeights(base) {
  const browser = await launchBrowser();
  const rows = [];
  try {
    for (const path of PAGES) rows.push({ path, screens: await Promise.all(SCREENS.map((screen) => firstScreenPictures(browser, `${base}${path}`, screen.viewport))) });
  } finally {
    await browser.close();
  }
  /** @param {number} bytes */
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const failures = rows.flatMap(({ path, screens }) =>
    screens.flatMap((cell, index) => (meets('pictures', cell.bytes / 1024) ? [] : [`${path} at ${SCREENS[index]?.name}: pictures ${kb(cell.bytes)} KiB, target ${barText('pictures')}`])),
  );
  const table = [
    `| page | ${SCREENS.map((screen) => `pictures loaded at ${screen.name}, compressed KiB (files)`).join(' | ')} |`,
    `| --- | ${SCREENS.map(() => '---').join(' | ')} |`,
    ...rows.map(({ path, screens }) => `| ${path} | ${screens.map((cell) => `${kb(cell.bytes)} (${cell.count})`).join(' | ')} |`),
  ].join('\n');
  return { table, failures, kb: rows.flatMap(({ screens }) => screens.map((cell) => Number(kb(cell.bytes)))) };
}
