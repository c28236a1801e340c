import { allPages, expect, locales, pageUrl, test } from './fixtures';

for (const locale of locales) {
  for (const page of [...allPages, 'auth/sign']) {
    test(`${pageUrl(locale, page)} renders in ${locale}`, async ({ page: tab }) => {
      const problems: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      tab.on('pageerror', (error) => problems.push(error.message));
      const response = await tab.goto(pageUrl(locale, page), { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      await expect(tab.locator('html')).toHaveAttribute('lang', locale);
      // `<page> — EpcSu`, or the page's own title when it names the brand: never the brand twice.
      await expect(tab).toHaveTitle(/^(?!.*EpcSu.*EpcSu)(?:.+ — EpcSu|.*EpcSu.*)$/);
      await expect(tab.locator('h1')).toHaveCount(1);
      await expect(tab.locator('h1')).toBeVisible();
      const description = await tab.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(50);
      if (page !== 'auth/sign') {
        await expect(tab.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${pageUrl(locale, page)}$`));
        await expect(tab.locator('link[rel="alternate"][hreflang="ru-RU"]')).toHaveAttribute('href', new RegExp(`${pageUrl('ru', page)}$`));
        await expect(tab.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', new RegExp(`${pageUrl('en', page)}$`));
        await expect(tab.locator('meta[property="og:title"]')).toHaveCount(1);
      }
      // The first interaction starts the page's scripts; they run under the enforced CSP and
      // hydrate cleanly (a blocked script or a hydration error shows up here).
      await tab.keyboard.press('Tab');
      await expect.poll(() => tab.evaluate(() => window.__epcBooted ?? false)).toBe(true);
      expect(problems).toEqual([]);
    });
  }
}

test('the TIS page lists current and previous prices with VAG at 19000 RUB / 200 EUR', async ({ page }) => {
  await page.goto('/ru/tis');
  const current = page.getByRole('table', { name: 'Действующий прайс-лист' });
  const previous = page.getByRole('table', { name: 'Прежний прайс-лист' });
  await expect(current).toBeVisible();
  await expect(previous).toBeVisible();
  const vag = current.getByRole('row', { name: /VAG/ });
  await expect(vag).toContainText('Dealer online');
  await expect(vag).toContainText(/19\s000/);
  await expect(vag).toContainText(/200/);
  await expect(current.getByRole('rowheader', { name: /UAZ/ })).toContainText('УАЗ');
  await expect(previous.getByRole('row', { name: /VAG/ })).toContainText(/Offline \d{4}/);
});

test('the index has the sections that links and ?ref aim at', async ({ page }) => {
  await page.goto('/en');
  for (const id of ['advantages', 'tarif', 'tariff', 'partners', 'contacts']) {
    await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
});
