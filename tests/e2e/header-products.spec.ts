import type { Locator, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { productsIn } from '../../src/site/products.mjs';
import { expect, locales, pageUrl, test } from './fixtures';
import { axeViolations } from './axe';

/*
 * The header's products menu: on every layout, in the wide bar and in the
 * phone's menu, a «Продукты» / "Products" entry lists the product pages (src/site/products.mjs's
 * `header` menu), by keyboard, with and without scripts.
 */

const messages = { ru, en } as const;
const sizes = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } } as const;
/** The index (default layout) and a product page (service layout). */
const PAGES = ['', 'epc'] as const;

const productLinks = (locale: keyof typeof messages) => productsIn('header', locale).map((id) => ({ name: messages[locale].Footer.links[id], href: pageUrl(locale, id) }));

/**
 * A disclosure's toggle (a <summary>: browsers announce it as a button that expands, but the
 * accessibility tree Playwright computes gives it no role) and the <details> whose `open` it sets.
 */
const toggle = (scope: Locator, name: string) => scope.locator('summary').filter({ hasText: new RegExp(`^${name}$`), visible: true });
const disclosure = (summary: Locator) => summary.locator('xpath=..');

/** Presses Tab until `target` has the focus (at most `limit` times): it is reachable by keyboard alone. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('not reached by Tab');
}

/** The products entry of the header, opened by keyboard (on a phone, inside the menu, opened first). */
async function openProducts(page: Page, locale: keyof typeof messages, phone: boolean) {
  const banner = page.getByRole('banner');
  if (phone) {
    const menu = toggle(banner, messages[locale].Nav.menu);
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
  }
  const entry = toggle(banner, messages[locale].Nav.productsMenu);
  await expect(entry).toBeVisible();
  await tabTo(page, entry);
  await expect(disclosure(entry)).not.toHaveAttribute('open');
  await page.keyboard.press('Enter');
  await expect(disclosure(entry)).toHaveAttribute('open');
  return entry;
}

for (const locale of locales) {
  for (const [size, viewport] of Object.entries(sizes)) {
    for (const path of PAGES) {
      test(`${locale} ${size}: ${pageUrl(locale, path)} lists the products in the header and goes to one by keyboard`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(pageUrl(locale, path));
        const entry = await openProducts(page, locale, size === 'phone');
        const links = productLinks(locale);
        const list = disclosure(entry).getByRole('listitem').getByRole('link');
        await expect(list).toHaveText(links.map((link) => link.name));
        for (const [index, link] of links.entries()) await expect(list.nth(index)).toHaveAttribute('href', link.href);
        // Проценка is sold in Russia only: the English menus leave it out.
        expect(links.some((link) => link.href.endsWith('/supplier'))).toBe(locale === 'ru');
        await tabTo(page, list.nth(1));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${links[1]!.href}$`));
      });
    }

    test(`${locale} ${size}: the open products menu passes axe, and Escape closes it`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(pageUrl(locale, ''));
      const entry = await openProducts(page, locale, size === 'phone');
      expect(await axeViolations(page, 'header')).toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `test-results/shots/header-products-${locale}-${size}.png` });
      await page.keyboard.press('Escape');
      await expect(disclosure(entry)).not.toHaveAttribute('open');
      await expect(entry).toBeFocused();
    });
  }

  test(`${locale}: the home page links every product before its footer`, async ({ page }) => {
    await page.goto(pageUrl(locale, ''));
    const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.filter((a) => !a.closest('footer')).map((a) => a.getAttribute('href')));
    for (const link of productLinks(locale)) expect(hrefs, link.href).toContain(link.href);
  });
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`${size}: the products menu opens and leads to a product`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/ru/about');
      const banner = page.getByRole('banner');
      if (size === 'phone') await toggle(banner, ru.Nav.menu).click();
      await toggle(banner, ru.Nav.productsMenu).click();
      await banner.getByRole('link', { name: ru.Footer.links.vehicle }).click();
      await expect(page).toHaveURL(/\/ru\/vehicle$/);
    });
  }
});
