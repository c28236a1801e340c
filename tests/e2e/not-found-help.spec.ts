import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { productsIn } from '../../src/site/products.mjs';
import { COMPANY, PHONE } from '../support/company.mjs';
import { expect, locales, pageUrl, test } from './fixtures';

/*
 * The 404 page offers more than the way home: the products, the VIN check and
 * a way to the sales team (its phone and e-mail, and the form), without scripts too; its title names the brand once.
 */
const messages = { ru, en } as const;
const VIN = 'WVWZZZ1JZ3W386752';

for (const locale of locales) {
  for (const width of [360, 1280]) {
    test.describe(`${locale} at ${width} px without scripts`, () => {
      test.use({ javaScriptEnabled: false });
      test('the 404 page lists the products, checks a VIN and leads to sales', async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        const response = await page.goto(pageUrl(locale, 'no-such-page'));
        expect(response?.status()).toBe(404);
        await expect(page).toHaveTitle(`${messages[locale].Errors.notFoundTitle} — EpcSu`);
        const products = page.getByRole('navigation', { name: messages[locale].Footer.productsHeading });
        await expect(products.getByRole('link')).toHaveText(productsIn('header', locale).map((id) => messages[locale].Footer.links[id]));
        await expect(page.getByRole('link', { name: messages[locale].Nav.contactSales })).toHaveAttribute('href', `${pageUrl(locale, '')}#contacts`);
        // The phone and the e-mail the settings give, beside the way to the form.
        const main = page.getByRole('main');
        await expect(main.locator(`a[href="${PHONE.href}"]`)).toContainText(PHONE.text);
        await expect(main.locator(`a[href="mailto:${COMPANY.CONTACT_EMAIL}"]`)).toBeVisible();
        await page.screenshot({ path: `test-results/shots/not-found-${locale}-${width}.png`, fullPage: true });
        const field = page.getByRole('textbox', { name: messages[locale].VinSummary.heroLabel });
        await field.pressSequentially(VIN);
        await field.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${pageUrl(locale, 'vehicle')}\\?vin=${VIN}#vin-answer$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    });
  }

  test(`${locale}: with scripts, «contact sales» on the 404 page opens the feedback dialog`, async ({ page }) => {
    await page.goto(pageUrl(locale, 'no-such-page'));
    await page.getByRole('link', { name: messages[locale].Nav.contactSales }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${pageUrl(locale, 'no-such-page')}$`));
  });
}
