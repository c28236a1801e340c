import { expect, test } from './fixtures';
import { hostReady, mockApi } from './dialogs-support';

/**
 * Screenshots of every dialog at 360 px and 1280 px in both languages, for a person to look at.
 * Run with DIALOG_SHOTS=/some/dir; skipped otherwise.
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

test.describe('dialog screenshots', () => {
  test.skip(!dir, 'set DIALOG_SHOTS to a folder to take them');
  for (const locale of ['ru', 'en'] as const) {
    for (const width of widths) {
      for (const item of cases) {
        test(`${item.name} ${locale} ${width}`, async ({ page }) => {
          await mockApi(page, 'api/telega/send-mail', { status: 400, json: { errors: ['Server says no'], errorsFld: { email: 'Refused address' } } });
          await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
          await page.goto(`/${locale}${item.path ? `/${item.path}` : ''}`);
          await hostReady(page);
          await page.getByRole(item.scope).getByRole('link', { name: item.link[locale], exact: true }).first().click();
          const dialog = page.getByRole('dialog');
          await expect(dialog).toBeVisible();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${dir}/${item.name}-${locale}-${width}.png` });
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth).toBeLessThanOrEqual(width);
          if (item.name === 'buy') {
            await dialog.getByRole('button', { name: locale === 'ru' ? 'Отправить заявку' : 'Send request' }).click();
            await page.waitForTimeout(300);
            await page.screenshot({ path: `${dir}/${item.name}-errors-${locale}-${width}.png`, fullPage: false });
            await dialog.getByRole('radio').last().check();
            await page.screenshot({ path: `${dir}/${item.name}-notbusiness-${locale}-${width}.png` });
          }
          if (item.name === 'auth') {
            await dialog.getByRole('button', { name: locale === 'ru' ? 'Зарегистрироваться' : 'Register' }).click();
            await page.waitForTimeout(200);
            await page.screenshot({ path: `${dir}/${item.name}-registration-${locale}-${width}.png` });
          }
        });
      }
    }
  }
});
