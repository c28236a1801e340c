import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import type { Page } from '@playwright/test';
import { products } from '../../src/site/products.mjs';
import { expect, pageUrl, test } from './fixtures';

/**
 * The product's pictures: each product page and the home page show what working in the
 * catalogue looks like, in the page's language, with alternative text; sized before they load, so
 * nothing moves; lazy where below the fold; never the largest paint of a phone's first screen.
 */
const alts = { ru: ru.Pictures, en: en.Pictures } as const;
/** The home page (its first picture) and every product page with a picture, as its entry says (src/site/products.mjs). */
const PAGES = [{ page: '', picture: 'exploded' as const }, ...products.flatMap((product) => ('picture' in product ? [{ page: product.id, picture: product.picture }] : []))];

/** The page's pictures: alt, whether shown, whether loaded, the file, the reserved size. */
const pictures = (page: Page) =>
  page.locator('figure img').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => ({
      alt: img.alt,
      shown: img.checkVisibility(),
      loaded: img.complete && img.naturalWidth > 0,
      src: img.getAttribute('src') ?? '',
      box: [img.getAttribute('width'), img.getAttribute('height')],
      loading: img.loading,
    })),
  );

type Seen = { cls: number; lcp: string; moved: string[] };
/** Layout shifts (and what moved), and the LCP element, recorded from the start of every document. */
const watch = (page: Page) =>
  page.addInitScript(() => {
    const seen: Seen = ((window as unknown as { __seen: Seen }).__seen = { cls: 0, lcp: '', moved: [] });
    type Shift = { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        seen.cls += entry.value;
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          seen.moved.push(`${element?.closest('figure') ? 'FIGURE ' : ''}${element?.tagName.toLowerCase() ?? '?'}: ${(element?.textContent ?? '').trim().slice(0, 30)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as unknown as { element?: Element } | undefined;
      seen.lcp = last?.element ? `${last.element.tagName.toLowerCase()}${last.element.closest('figure') ? ' in figure' : ''}` : '';
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

/**
 * Nothing the pictures do moves anything: no shift has a figure among what moved, and nothing
 * moves at all (CLS 0). (The header's menu used to move by 0.0002–0.0085 when a busy browser
 * painted before the header was parsed; the first paint now waits for it: tests/e2e/layout.spec.ts.)
 */
async function movedNothing(page: Page, path: string) {
  const { cls, moved } = await seen(page);
  expect(moved.filter((what) => what.startsWith('FIGURE')), path).toEqual([]);
  expect(cls, `${path}: ${moved.join(' | ')}`).toBe(0);
}

for (const locale of ['ru', 'en'] as const) {
  test(`${locale}: at 1280 px each product page shows its picture beside the text, in ${locale}, sized, moving nothing`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await watch(page);
    for (const { page: path, picture } of PAGES) {
      await page.goto(pageUrl(locale, path));
      const hero = page.locator('figure').filter({ visible: true }).first();
      await expect(hero.locator('img'), path).toHaveAttribute('alt', alts[locale][picture].alt);
      await expect(hero.locator('figcaption')).toHaveText(alts[locale][picture].caption);
      await expect.poll(async () => (await pictures(page)).find((p) => p.shown)?.loaded, path).toBe(true);
      const shown = (await pictures(page)).filter((p) => p.shown);
      expect(shown[0]?.src, path).toMatch(new RegExp(`^/_next/static/media/${picture}\\.${locale}\\.[\\w-]+\\.svg$`));
      for (const p of shown) expect(p.box).toEqual(['480', '540']);
      // The file is what the page's language says, and cached for good under its hashed name.
      const response = await page.request.get(shown[0]!.src);
      expect(response.headers()['cache-control']).toContain('immutable');
      expect(await response.text()).toContain(alts[locale][picture].crumb.split(' › ')[0]!);
      await movedNothing(page, path);
    }
  });

  test(`${locale}: at 360 px the pictures wait below the text, load as they near the screen and move nothing`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await watch(page);
    for (const path of ['epc', 'tis', '']) {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/_next/static/media/')) requested.push(request.url());
      });
      await page.goto(pageUrl(locale, path), { waitUntil: 'load' });
      await page.waitForTimeout(300);
      // No picture is on the first screen (the hero's is not shown on a phone): the first paint and
      // the largest one are the page's text. (The browser may fetch a lazy picture a screen or two
      // ahead, after the page has loaded.)
      const firstScreen = await page.locator('figure').evaluateAll((figures) => figures.filter((f) => f.checkVisibility() && f.getBoundingClientRect().top < innerHeight).length);
      expect(firstScreen, path).toBe(0);
      const lower = page.locator('figure').filter({ visible: true }).first();
      expect((await pictures(page)).every((p) => p.loading === 'lazy')).toBe(true);
      expect((await seen(page)).lcp, path).not.toContain('figure');
      await lower.scrollIntoViewIfNeeded();
      // Shown once the enhancer has marked it near (pictures.mjs), and then loaded.
      await expect
        .poll(async () => {
          const shown = (await pictures(page)).filter((p) => p.shown);
          return shown.length > 0 && shown.every((p) => p.loaded);
        }, path)
        .toBe(true);
      expect(requested.length, path).toBeGreaterThan(0);
      await movedNothing(page, path);
      page.removeAllListeners('request');
    }
  });

  // Chromium's own lazy loading reaches 2,500 px and more ahead where it judges the connection
  // slow or unknown (as under Lighthouse), and the pictures, each an SVG document laid out and
  // painted, were then loaded while the page was: they now wait until 1,250 px (pictures.mjs).
  test(`${locale}: on a slow connection the pictures below the first screen wait until they come within 1,250 px, their boxes kept`, async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await watch(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // A 3G connection as Chromium reckons it: round trips of 300 ms.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 400_000, uploadThroughput: 100_000 });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_next/static/media/')) requested.push(request.url());
    });
    await page.goto(pageUrl(locale, ''), { waitUntil: 'load' });
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType)).toBe('3g');
    const deferred = page.locator('figure[data-defer]');
    await expect(deferred).toHaveCount(3);
    const tops = await deferred.evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().top));
    // The first is within Chromium's reach on 3G (2,500 px beyond the screen), beyond 1,250 px.
    expect(tops[0]! - 740).toBeGreaterThan(1250);
    expect(tops[0]! - 740).toBeLessThan(2500);
    await page.waitForTimeout(1000);
    expect(requested).toEqual([]);
    expect(await deferred.evaluateAll((figures) => figures.filter((figure) => figure.hasAttribute('data-near')).length)).toBe(0);
    const boxes = await deferred.evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().height));
    // 1,100 px below the screen: the first is shown and fetched, in the box it had.
    await page.evaluate((top) => window.scrollTo(0, top - 740 - 1100), tops[0]!);
    await expect(deferred.first()).toHaveAttribute('data-near', '');
    await expect.poll(async () => (await pictures(page)).filter((p) => p.shown).length).toBeGreaterThan(0);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await deferred.last().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await pictures(page)).filter((p) => p.shown && p.loaded).length, { timeout: 20_000 }).toBe(3);
    expect(await deferred.evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().height))).toEqual(boxes);
    await movedNothing(page, locale);
  });

  test(`${locale}: without scripts every picture is an image the browser loads as it nears the screen`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of ['', 'tis']) {
      await page.goto(pageUrl(locale, path));
      const deferred = page.locator('figure[data-defer]');
      expect(await deferred.count(), path).toBeGreaterThan(0);
      // Shown from the first paint (the rule that holds them back applies only where scripts run).
      expect(await deferred.locator('img').evaluateAll((images) => images.every((img) => img.checkVisibility())), path).toBe(true);
      await deferred.last().scrollIntoViewIfNeeded();
      await expect.poll(async () => (await deferred.last().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)), path).toBe(true);
    }
    await context.close();
  });

  // Проценка, Спецтехника, Мототехника and АПК all used to show the passenger car's brakes.
  test(`${locale}: the special equipment, motorcycle, agricultural and price-inquiry pages each show a picture of their own`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const shownOn = new Map<string, string>();
    for (const product of products.filter((entry) => 'picture' in entry)) {
      await page.goto(pageUrl(locale, product.id));
      const src = (await pictures(page)).find((p) => p.shown)?.src ?? '';
      shownOn.set(product.id, /\/media\/(\w+)\./.exec(src)?.[1] ?? '');
    }
    for (const own of ['spec', 'moto', 'apk', 'supplier']) {
      const picture = shownOn.get(own)!;
      expect(picture, own).not.toBe('');
      const alsoOn = [...shownOn].filter(([id, other]) => id !== own && other === picture).map(([id]) => id);
      expect(alsoOn, `${own} shows ${picture}`).toEqual([]);
    }
  });
}
