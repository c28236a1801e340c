import { expect, test } from './fixtures';
import { gate, hostReady } from './dialogs-support';

for (const ref of ['tarif', 'tariff', 'advantages', 'partners']) {
  test(`?ref=${ref} scrolls smoothly to #${ref} after 500 ms`, async ({ page }) => {
    // Timed in the page's own clock, from the moment its 500 ms timer is set to the call that
    // scrolls to the section (a timer can fire late on a loaded machine, never early); other
    // scrolls of the page (restoration, layout) are not the one asked for and do not count.
    await page.addInitScript(() => {
      const w = window as Window & { refTimerAt?: number; scrolls?: Array<{ id: string; behavior?: ScrollBehavior; at: number }> };
      w.scrolls = [];
      const setTimer = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        if (ms === 500) w.refTimerAt ??= performance.now();
        return setTimer(handler, ms, ...rest);
      }) as typeof window.setTimeout;
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        w.scrolls!.push({ id: this.id, behavior: typeof options === 'object' ? options.behavior : undefined, at: performance.now() });
        return original.call(this, options);
      };
    });
    await page.goto(`/ru?ref=${ref}`, { waitUntil: 'domcontentloaded' });
    const probe = () => page.evaluate(() => {
      const w = window as Window & { refTimerAt?: number; scrolls?: Array<{ id: string; behavior?: ScrollBehavior; at: number }> };
      return { timerAt: w.refTimerAt, scrolls: w.scrolls ?? [] };
    });
    await expect.poll(async () => (await probe()).scrolls.length, { timeout: 10_000 }).toBe(1);
    const { timerAt, scrolls } = await probe();
    expect(scrolls[0]).toMatchObject({ id: ref, behavior: 'smooth' });
    expect(scrolls[0]!.at - timerAt!).toBeGreaterThanOrEqual(499);
    await expect(page.locator(`#${ref}`)).toBeInViewport();
  });
}

test('utm parameters are carried by the fixed buy button', async ({ page }) => {
  await page.goto('/en?utm_source=news&utm_medium=mail&utm_campaign=spring&x=1');
  await expect(page.getByRole('main').getByRole('link', { name: 'Buy catalogue' })).toHaveAttribute('href', '?utm_source=news&utm_medium=mail&utm_campaign=spring#tarif');
});

test('a loading bar shows while the next page loads, from 200 ms on, and not on the next page', async ({ page }) => {
  await page.goto('/ru');
  await hostReady(page);
  // The next page's answer is held until the bar is there; the bar is timed in the page's own
  // clock, from the moment its timer is set (a timer can fire late on a busy machine, never early).
  const held = gate();
  await page.route('**/ru/about', async (route) => {
    await held.promise;
    await route.continue();
  });
  let seen: { timerAt?: number; barAt: number } | undefined;
  await page.exposeFunction('barSeen', (times: { timerAt?: number; barAt: number }) => {
    seen ??= times;
    held.release();
  });
  await page.evaluate(() => {
    const w = window as unknown as { barSeen: (times: { timerAt?: number; barAt: number }) => void };
    let timerAt: number | undefined;
    const setTimer = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (ms === 200) timerAt ??= performance.now();
      return setTimer(handler, ms, ...rest);
    }) as typeof window.setTimeout;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="loading-bar"]')) w.barSeen({ timerAt, barAt: performance.now() });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/ru\/about$/);
  expect(seen?.timerAt).toBeDefined();
  expect(seen!.barAt - seen!.timerAt!).toBeGreaterThanOrEqual(199);
  await expect(page.getByTestId('loading-bar')).toHaveCount(0);
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
  // and the page stays usable (no error page): the dialog, already in the page, is open, and a
  // send that React cannot take says so and gives the button back.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Order a demo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'No connection to the server' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
  // Still the same document: the failures inside the minute did not reload it.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
});
