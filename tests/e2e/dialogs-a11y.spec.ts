import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { animationsDone, giveConsent, hostReady, mockApi } from './dialogs-support';

const cases = [
  { name: 'feedback', path: '/ru', scope: 'contentinfo', link: 'Обратная связь' },
  { name: 'auth', path: '/en/about', scope: 'banner', link: 'Sign in' },
  { name: 'buy', path: '/en', scope: 'main', link: 'Buy' },
  { name: 'order', path: '/ru/epc', scope: 'main', link: 'Заказать демо' },
] as const;

for (const item of cases) {
  test(`axe finds nothing in the open ${item.name} dialog`, async ({ page }) => {
    await page.goto(item.path);
    await hostReady(page);
    await page.getByRole(item.scope).getByRole('link', { name: item.link, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await animationsDone(page);
    expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  });
}

/** Every state a dialog can be in, not just its first: errors shown, sent, the other auth views. */
const states = [
  {
    name: 'feedback with every field in error',
    path: '/en',
    open: 'footer [data-dialog="feedback"]',
    act: async (page: Page) => page.locator('dialog[open] button[type="submit"]').click(),
    settled: 'dialog[open] [aria-invalid="true"]',
  },
  {
    name: 'buy sent',
    path: '/ru',
    open: 'main [data-dialog="buy"]',
    act: async (page: Page) => {
      await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } } });
      const dialog = page.locator('dialog[open]');
      await dialog.locator('input[name="name"]').fill('ООО Ромашка');
      await dialog.locator('input[type="tel"]').pressSequentially('9123456789');
      await dialog.locator('input[type="email"]').fill('buyer@example.com');
      await dialog.locator('input[name="t_client"][value="1"]').check();
      await giveConsent(dialog, 'ru');
      await dialog.locator('button[type="submit"]').click();
    },
    settled: 'dialog[open] [role="status"] button[data-dialog-close]',
  },
  {
    name: 'buy for a spare-part buyer (the notice)',
    path: '/en',
    open: 'main [data-dialog="buy"]',
    act: async (page: Page) => page.locator('dialog[open] input[name="t_client"][value="3"]').check(),
    settled: 'dialog[open] .not-business-notice',
  },
  {
    name: 'auth, remind view',
    path: '/ru/about',
    open: 'header [data-dialog="auth"]',
    act: async (page: Page) => page.locator('dialog[open] [data-auth-view="remind"]').first().click(),
    settled: 'dialog[open] [data-auth-panel="remind"]:not([hidden])',
  },
  {
    name: 'auth, registration view',
    path: '/en/about',
    open: 'header [data-dialog="auth"]',
    act: async (page: Page) => page.locator('dialog[open] [data-auth-view="registration"]').first().click(),
    settled: 'dialog[open] [data-auth-panel="registration"]:not([hidden])',
  },
  {
    name: 'order modal with the comment box',
    path: '/en/epc',
    open: 'main [data-dialog="order-buy"]',
    act: async (page: Page) => page.locator('dialog[open] input[name="t_client"][value="2"]').check(),
    settled: 'dialog[open] .order-comment textarea',
  },
];

for (const state of states) {
  test(`axe finds nothing in the ${state.name} state`, async ({ page }) => {
    await page.goto(state.path);
    await hostReady(page);
    await page.locator(state.open).filter({ visible: true }).first().click();
    await page.waitForFunction(() => window.__epcBooted ?? false);
    await expect(page.locator('dialog[open] form[data-ready]').first()).toBeAttached();
    await state.act(page);
    await expect(page.locator(state.settled).first()).toBeVisible();
    expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  });
}
