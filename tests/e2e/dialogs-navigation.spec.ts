import { expect, test } from './fixtures';
import { hostReady } from './dialogs-support';

for (const ref of ['tarif', 'tariff', 'advantages', 'partners']) {
  test(`?ref=${ref} scrolls smoothly to #${ref} after 500 ms`, async ({ page }) => {
    // The page's clock is Playwright's: 500 ms pass when the test says so, however busy the machine.
    await page.clock.install();
    await page.addInitScript(() => {
      const calls: Array<{ id: string; behavior?: ScrollBehavior }> = [];
      (window as Window & { scrolls?: typeof calls }).scrolls = calls;
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        calls.push({ id: this.id, behavior: typeof options === 'object' ? options.behavior : undefined });
        return original.call(this, options);
      };
    });
    const scrolls = () => page.evaluate(() => (window as Window & { scrolls?: Array<{ id: string; behavior?: ScrollBehavior }> }).scrolls ?? []);
    await page.goto(`/ru?ref=${ref}`, { waitUntil: 'domcontentloaded' });
    await page.clock.runFor(490);
    expect(await scrolls()).toEqual([]);
    await page.clock.runFor(20);
    expect(await scrolls()).toEqual([{ id: ref, behavior: 'smooth' }]);
    await expect(page.locator(`#${ref}`)).toBeInViewport();
  });
}

test('utm parameters are carried by the fixed buy button; the service buy button keeps the others', async ({ page }) => {
  await page.goto('/en?utm_source=news&utm_medium=mail&utm_campaign=spring&x=1');
  await expect(page.getByRole('main').getByRole('link', { name: 'Buy catalogue' })).toHaveAttribute('href', '?utm_source=news&utm_medium=mail&utm_campaign=spring#tarif');
  await page.goto('/en/vag?utm_source=news&ref=old');
  const buy = page.getByRole('link', { name: 'Buy', exact: true }).first();
  await expect(buy).toHaveAttribute('href', '/en?ref=tarif&utm_source=news');
});

test('a loading bar shows while the next page loads, not for fast ones', async ({ page }) => {
  await page.goto('/ru');
  await hostReady(page);
  await page.route('**/ru/about', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // The old page is still shown while the next one loads: watch it from inside.
  let seenAt = 0;
  await page.exposeFunction('barSeen', () => (seenAt ||= Date.now()));
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-bar"]')) (window as unknown as { barSeen: () => void }).barSeen();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const clickedAt = Date.now();
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/ru\/about$/);
  expect(seenAt - clickedAt).toBeGreaterThanOrEqual(150);
  expect(seenAt - clickedAt).toBeLessThan(1400);
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
});

test('no loading bar for a page that loads within 200 ms', async ({ page }) => {
  await page.goto('/ru');
  await hostReady(page);
  let seen = false;
  await page.exposeFunction('barSeen', () => (seen = true));
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-bar"]')) (window as unknown as { barSeen: () => void }).barSeen();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click();
  await expect(page).toHaveURL(/\/ru\/about$/);
  expect(seen).toBe(false);
});

test('a failed chunk load reloads the page once, not again within 60 s', async ({ page }) => {
  await page.goto('/en');
  await hostReady(page);
  let armed = true;
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, (route) => (armed ? route.abort() : route.continue()));
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('main').getByRole('link', { name: 'Buy', exact: true }).first().click();
  await reloaded;
  armed = false;
  await hostReady(page);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  expect(Number(await page.evaluate(() => sessionStorage.getItem('epc:chunk-reload-at')))).toBeGreaterThan(Date.now() - 30_000);
  // A second failure inside the minute does not reload again.
  armed = true;
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));
  await page.getByRole('main').getByRole('link', { name: 'Order a demo', exact: true }).first().click();
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
  // and the page stays usable (no error page): the dialog, already in the page, is open, and a
  // send that React cannot take says so and gives the button back.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Order a demo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'No connection to the server' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
});
