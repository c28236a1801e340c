import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The floating «Купить каталог» button never lies over the hero's VIN check
 * («Проверить») nor the footer, and the product sub-menu shows the current product's name, not
 * under its «Купить» button, at 360 and 1280 px. Checked by boxes and by what the browser hits at
 * the covered control's centre (`elementFromPoint`).
 */

const texts = {
  ru: { buyCatalog: 'Купить каталог', check: 'Проверить', copyright: /Все права защищены/, buy: 'Купить', products: 'Меню продуктов' },
  en: { buyCatalog: 'Buy catalogue', check: 'Check', copyright: /All rights reserved/, buy: 'Buy', products: 'Product menu' },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether what the browser hits at the centre of `target`'s box is `target` itself or inside it. */
async function hitAtCentre(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** `target` is in the viewport, hit at its centre, and not overlapped by `floating` where that shows. */
async function expectUncovered(page: Page, target: Locator, floating: Locator, what: string) {
  await expect(target, what).toBeInViewport();
  expect(await hitAtCentre(target), `${what}: elementFromPoint at its centre`).toBe(true);
  const [targetBox, floatingBox] = await Promise.all([target.boundingBox(), floating.boundingBox()]);
  const viewport = page.viewportSize()!;
  const floatingShown = floatingBox !== null && floatingBox.y < viewport.height && floatingBox.y + floatingBox.height > 0;
  if (floatingShown) expect(overlaps(targetBox!, floatingBox!), `${what} under the floating button`).toBe(false);
}

const viewports = [
  { width: 360, height: 740 },
  { width: 1280, height: 900 },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const locale of ['ru', 'en'] as const) {
      const x = texts[locale];

      test(`/${locale}: «${x.buyCatalog}» covers neither the hero's VIN check nor the footer, and still shows on the way`, async ({ page }) => {
        await page.goto(`/${locale}`);
        // The floating one (the header has a «Купить каталог» of its own, to /?ref=tarif).
        const floating = page.getByRole('link', { name: x.buyCatalog, exact: true }).and(page.locator('[href$="#tarif"]'));
        const check = page.getByRole('main').getByRole('button', { name: x.check, exact: true });
        await check.scrollIntoViewIfNeeded();
        await expectUncovered(page, check, floating, `${locale} VIN check at ${viewport.width}`);
        // The VIN field too: typing there must not be under the button.
        await expectUncovered(page, page.getByRole('main').locator('input[name="vin"]').first(), floating, `${locale} VIN field at ${viewport.width}`);

        // Between the hero and the footer the button floats, bottom right.
        await page.locator('#advantages').scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
        await expect(floating).toBeInViewport();
        const floatingBox = (await floating.boundingBox())!;
        expect(floatingBox.y + floatingBox.height).toBeLessThanOrEqual(viewport.height);
        expect(floatingBox.x + floatingBox.width).toBeLessThanOrEqual(viewport.width);

        // At the footer: its copyright line and every link and button there are free.
        // The page scrolls smoothly (globals.css): each scroll here is instant, so the checks see where it ends.
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        const footer = page.getByRole('contentinfo');
        await expectUncovered(page, footer.getByText(x.copyright), floating, `${locale} copyright at ${viewport.width}`);
        for (const control of await footer.locator('a, button').all()) {
          if (!(await control.isVisible())) continue;
          // Each in the middle of the screen (or as far as the page's end lets it), clear of the sticky header.
          await control.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
          expect(await hitAtCentre(control), `${locale} footer ${await control.textContent()} at ${viewport.width}`).toBe(true);
        }
        // Nothing shifted on the way (the button takes no room of its own).
        expect(await page.evaluate(() => performance.getEntriesByType('layout-shift').reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0))).toBe(0);
      });
    }

    // The last items of each language's sub-menu, and one in the middle.
    for (const path of ['/ru/supplier', '/ru/moto', '/en/moto', '/en/spec']) {
      const x = texts[path.startsWith('/ru') ? 'ru' : 'en'];
      test(`${path}: the sub-menu shows the current product, clear of its «${x.buy}» button`, async ({ page }) => {
        await page.goto(path);
        const menu = page.getByRole('navigation', { name: x.products, exact: true });
        const current = menu.locator('a[aria-current="page"]');
        const buy = menu.getByRole('link', { name: x.buy, exact: true });
        await expect(current).toHaveCount(1);
        // Wholly inside the visible part of the scrolling list.
        const inside = await current.evaluate((link) => {
          const box = link.getBoundingClientRect();
          let scroller = link.parentElement;
          while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
          const view = (scroller ?? document.documentElement).getBoundingClientRect();
          return box.left >= view.left - 0.5 && box.right <= view.right + 0.5;
        });
        expect(inside, `${path} current item scrolled into view at ${viewport.width}`).toBe(true);
        await expectUncovered(page, current, buy, `${path} current item at ${viewport.width}`);
        // Scrolled down the page, the sticky parts of the header do not cover it either.
        expect(await hitAtCentre(current)).toBe(true);
      });
    }
  });
}
