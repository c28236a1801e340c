import { expect, test } from './fixtures';
import { hostReady, mockApi } from './dialogs-support';

/**
 * Every dialog at 360 px and 1280 px in both languages: nothing scrolls sideways, neither the page
 * nor the dialog, in each state. The screenshots are for a person to look at: in DIALOG_SHOTS when
 * set, else in the test's output folder.
 */
const dir = process.env.DIALOG_SHOTS;
const widths = [360, 1280];
const cases = [
  { name: 'feedback', path: '', link: { ru: 'Обратная связь', en: 'Contact us' }, scope: 'contentinfo' },
  { name: 'auth', path: 'about', link: { ru: 'Войти', en: 'Sign in' }, scope: 'banner' },
  { name: 'buy', path: '', link: { ru: 'Купить', en: 'Buy' }, scope: 'main' },
  { name: 'demo', path: '', link: { ru: 'Заказать демо', en: 'Order a demo' }, scope: 'main' },
  { name: 'order', path: 'epc', link: { ru: 'Купить', en: 'Buy' }, scope: 'main' },
] as const;

/** Neither the page nor the open dialog is wider than the window. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page, width: number) {
  const widths = await page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return { page: document.documentElement.scrollWidth, dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0 };
  });
  expect(widths.page).toBeLessThanOrEqual(width);
  expect(widths.dialog).toBeLessThanOrEqual(0);
}

test.describe('dialogs at phone and desktop width', () => {
  for (const locale of ['ru', 'en'] as const) {
    for (const width of widths) {
      for (const item of cases) {
        test(`${item.name} ${locale} ${width}`, async ({ page }, testInfo) => {
          const shot = (name: string) => page.screenshot({ path: dir ? `${dir}/${name}.png` : testInfo.outputPath(`${name}.png`) });
          await mockApi(page, 'api/telega/send-mail', { status: 400, json: { errors: ['Server says no'], errorsFld: { email: 'Refused address' } } });
          await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
          await page.goto(`/${locale}${item.path ? `/${item.path}` : ''}`);
          await hostReady(page);
          await page.getByRole(item.scope).getByRole('link', { name: item.link[locale], exact: true }).first().click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          // Open and ready: the focus is on one of its fields.
          await expect(dialog.locator('input:focus, textarea:focus, select:focus')).toHaveCount(1);
          await shot(`${item.name}-${locale}-${width}`);
          await expectNoSidewaysScroll(page, width);
          if (item.name === 'buy') {
            await dialog.getByRole('button', { name: locale === 'ru' ? 'Отправить заявку' : 'Send request' }).click();
            await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
            await shot(`${item.name}-errors-${locale}-${width}`);
            await expectNoSidewaysScroll(page, width);
            await dialog.getByRole('radio').last().check();
            await shot(`${item.name}-notbusiness-${locale}-${width}`);
            await expectNoSidewaysScroll(page, width);
          }
          if (item.name === 'auth') {
            await dialog.getByRole('button', { name: locale === 'ru' ? 'Зарегистрироваться' : 'Register' }).click();
            await expect(dialog.getByRole('heading', { name: locale === 'ru' ? 'Регистрация' : 'Registration' })).toBeVisible();
            await shot(`${item.name}-registration-${locale}-${width}`);
            await expectNoSidewaysScroll(page, width);
          }
        });
      }
    }
  }
});
