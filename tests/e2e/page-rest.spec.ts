import type { Page, Route } from '@playwright/test';
import { mockApi } from './dialogs-support';
import { expect, test } from './fixtures';

/**
 * A pre-rendered page's document holds what its first paint needs (docs/decisions/053): the
 * dialogs' content and the page's scripts come with its remainder, and the dialogs' behaviour with
 * the enhancer's late part, both fetched when the page has been painted; the stylesheet inlined is
 * only the rules its elements use, the whole one enabled as the remainder is fetched.
 */

/** Requests matching `pattern` wait until `release()` (or fail with `abort()`). */
function hold(page: Page, pattern: RegExp) {
  let open!: (how: 'continue' | 'abort') => void;
  const gate = new Promise<'continue' | 'abort'>((resolve) => (open = resolve));
  let held = 0;
  void page.route(pattern, async (route: Route) => {
    held += 1;
    if ((await gate) === 'abort') await route.abort('internetdisconnected');
    else await route.continue();
  });
  return { release: () => open('continue'), abort: () => open('abort'), held: () => held };
}

const REST = /\/_next\/static\/rest\/[\w-]+\.json$/;
/** The enhancer's late part (src/enhancer/late.mjs), loaded with the remainder. */
const LATE = /\/_next\/static\/rest\/enhancer-[\w-]+\.js$/;
const STYLESHEET = /\/_next\/static\/.+\.css$/;
const stylesheetLoaded = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('head > link[rel="stylesheet"]')].every((link) => !link.disabled && link.sheet !== null));

for (const [part, pattern] of [
  ['the remainder', REST],
  ['the enhancer’s late part', LATE],
] as const) {
  test(`a dialog tapped before ${part} has come opens when it comes, ready for typing`, async ({ page }) => {
    const held = hold(page, pattern);
    await page.goto('/en');
    await expect.poll(held.held).toBe(1);
    const trigger = page.getByRole('main').locator('[data-dialog="buy"]').first();
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Buy' });
    // Not the trigger's fallback page: the tap waits for the dialog's content.
    expect(new URL(page.url()).pathname).toBe('/en');
    await expect(dialog).toBeHidden();
    held.release();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await page.keyboard.type('Ivan');
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ivan');
  });

  test(`a dialog tapped while ${part} cannot be fetched leaves for the trigger’s page, which serves the same purpose`, async ({ page }) => {
    const held = hold(page, pattern);
    await page.goto('/en/epc');
    await expect.poll(held.held).toBe(1);
    const trigger = page.getByRole('main').locator('[data-dialog="order-buy"]').first();
    expect(await trigger.getAttribute('href')).toBe('#order');
    await trigger.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    held.abort();
    await expect(page).toHaveURL(/\/en\/epc#order$/);
    await expect(page.locator('#order form')).toBeInViewport();
  });

  test(`a login sent while ${part} cannot be fetched gets its button back, and is sent once when it can be`, async ({ page }) => {
    let offline = true;
    await page.route(pattern, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    const api = await mockApi(page, 'api/auth/auth', { status: 400, json: { errors: ['Wrong e-mail or password'], errorsFld: { pw: 'Wrong e-mail or password' } } });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/ru/auth/sign');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'E-mail', exact: true }).pressSequentially('user@example.com');
    const password = main.getByLabel('Пароль', { exact: true }).filter({ visible: true });
    await password.pressSequentially('wrong-password');
    const send = main.getByRole('button', { name: 'Войти' });
    await send.click();
    await expect(send).toBeEnabled();
    await expect(main.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
    expect(api.requests).toHaveLength(0);
    // A failure to connect is not a page of an earlier build: nothing reloads what was typed.
    expect(loads).toBe(1);

    offline = false;
    await send.click();
    await expect(password).toHaveAccessibleDescription('Wrong e-mail or password', { timeout: 20_000 });
    expect(api.requests).toHaveLength(1);
    expect(api.bodies()[0]).toMatchObject({ email: 'user@example.com', pw: 'wrong-password' });
  });
}

// The sign-in page's views switch with the late part (dialogs.mjs): a press before it has come was
// lost, and the page stayed on its login view (seen in a clean-clone run on a busy machine).
test('a press of the sign-in page’s “Forgot password” before the enhancer’s late part has come switches the view when it comes', async ({ page }) => {
  const held = hold(page, LATE);
  await page.goto('/en/auth/sign');
  await expect.poll(held.held).toBe(1);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Forgot password' }).click();
  await expect(main.getByRole('heading', { name: 'Recover password' })).toBeHidden();
  held.release();
  await expect(main.getByRole('heading', { name: 'Recover password' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Sign in', exact: true })).toBeHidden();
});

// A cached page of an earlier build: the server no longer has its remainder, nor its enhancer's
// late part when that changed too. Counted: the requests for the first of them.
for (const [what, gone] of [
  ['its remainder', [REST]],
  ['its remainder and the enhancer’s late part', [LATE, REST]],
] as const) {
  test(`a page whose ${what} the server no longer has (a cached page of an earlier build) reloads, once`, async ({ page }) => {
    let asked = 0;
    for (const [index, pattern] of gone.entries()) {
      await page.route(pattern, (route) => {
        if (index === 0) asked += 1;
        return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
      });
    }
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/en');
    // Reloaded once; the second load's failure does not reload again within the minute.
    await expect.poll(() => loads).toBe(2);
    await expect.poll(() => asked).toBe(2);
    await page.waitForTimeout(500);
    expect(loads).toBe(2);
  });
}

for (const [path, width] of [
  ['/ru', 360],
  ['/ru', 1280],
  ['/en', 360],
  ['/en/epc', 1280],
  ['/ru/tis', 360],
  ['/ru/tis', 1280],
  ['/ru/auth/sign', 360],
  ['/en/pay', 1280],
] as const) {
  test(`${path} at ${width} px looks the same with the inlined rules alone as with the whole stylesheet, and nothing shifts`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const sheet = hold(page, STYLESHEET);
    // Not to its load: a page that starts its scripts at once would fetch the whole stylesheet
    // before its load, which would wait for it.
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect.poll(sheet.held).toBe(1);
    // The fonts and pictures of the page have arrived; only the whole stylesheet is held.
    await page.evaluate(() => document.fonts.ready);
    const shifts = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) sum += (entry as PerformanceEntry & { value: number }).value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(sum), 300);
          }),
      );
    const before = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    sheet.release();
    await expect.poll(() => stylesheetLoaded(page)).toBe(true);
    // Before any full-page screenshot, which resizes the page and so shifts it.
    expect(await shifts()).toBe(0);
    expect((await page.screenshot({ animations: 'disabled', caret: 'hide' })).equals(before), 'the first screen differs').toBe(true);
    // The whole page, below the first screen too: the same with both.
    const whole = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    await page.evaluate(() => document.querySelectorAll<HTMLLinkElement>('head > link[rel="stylesheet"]').forEach((link) => (link.disabled = true)));
    expect((await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })).equals(whole), 'the whole page differs').toBe(true);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page loads the whole stylesheet from <noscript> and is styled as with scripts', async ({ page }) => {
    const css = page.waitForResponse(STYLESHEET);
    await page.goto('/ru');
    expect((await css).ok()).toBe(true);
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('position', 'sticky');
  });
});
