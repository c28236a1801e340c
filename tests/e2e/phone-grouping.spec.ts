import type { Locator, Page } from '@playwright/test';
import { expect, test, type Visitor } from './fixtures';
import { hostReady } from './dialogs-support';

/**
 * The phone field groups a number as libphonenumber-js does for every country,
 * and nothing that renders the field later (React taking over the dialog, the visitor's country
 * coming, the other fields typed) regroups it. `+49 30 1234567` used to become `+49 3012 34567`:
 * the field grouped every German number by the template of a German mobile.
 */

const texts = {
  ru: { buy: 'Купить', demo: 'Заказать демо', name: 'Имя', phone: 'Телефон', email: 'E-mail', leadComment: 'Комментарий (необязательно)', leadClient: 'Купить или посмотреть каталог', orderClient: 'Представитель автобизнеса' },
  en: { buy: 'Buy', demo: 'Order a demo', name: 'Name', phone: 'Phone', email: 'E-mail', leadComment: 'Comment (optional)', leadClient: 'To buy or view the catalogue', orderClient: 'Auto business representative' },
} as const;
type Locale = keyof typeof texts;
type Where = 'buy dialog' | 'order dialog';

/** Opens the dialog with the first tap: the page's scripts start meanwhile (docs/decisions/051). */
async function open(page: Page, locale: Locale, where: Where) {
  const x = texts[locale];
  await page.goto(where === 'buy dialog' ? `/${locale}` : `/${locale}/epc`);
  await hostReady(page);
  const name = where === 'buy dialog' ? x.buy : x.demo;
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Everything else in the form, key by key, as a visitor fills it after the phone. */
async function fillTheRest(dialog: Locator, locale: Locale, where: Where) {
  const x = texts[locale];
  await dialog.getByRole('textbox', { name: x.name, exact: true }).pressSequentially('Phone grouping');
  if (where === 'buy dialog') await dialog.getByRole('textbox', { name: x.email, exact: true }).pressSequentially('grouping@example.com');
  await dialog.getByRole('radio', { name: where === 'buy dialog' ? x.leadClient : x.orderClient }).check();
  // The order dialog's comment shows only for some choices.
  if (where === 'buy dialog') await dialog.getByRole('textbox', { name: x.leadComment, exact: true }).pressSequentially('A number from abroad');
}

const phoneOf = (dialog: Locator, locale: Locale) => dialog.getByRole('textbox', { name: texts[locale].phone, exact: true });
const phoneCountryOf = (dialog: Locator) => dialog.locator('input[type="hidden"][name="phone_country"]');

for (const locale of ['ru', 'en'] as const) {
  for (const visitor of ['russia', 'abroad'] as const) {
    test.describe(`phone grouping, /${locale}, visitor ${visitor === 'russia' ? 'in Russia' : 'abroad'}`, () => {
      test.use({ visitor: visitor as Visitor });
      for (const where of ['buy dialog', 'order dialog'] as const) {
        test(`${where}: +49 30 1234567 typed key by key as the dialog opens stays so while the rest of the form is filled`, async ({ page }) => {
          const dialog = await open(page, locale, where);
          const phone = phoneOf(dialog, locale);
          // Typed at once, while React takes the dialog over.
          await phone.pressSequentially('+49 30 1234567');
          await fillTheRest(dialog, locale, where);
          await expect(dialog.locator('form[data-ready]')).toHaveCount(1, { timeout: 30_000 });
          await expect(phone).toHaveValue('+49 30 1234567');
          await expect(phoneCountryOf(dialog)).toHaveValue('DE');
          await phone.focus();
          await phone.blur();
          await expect(phone).toHaveValue('+49 30 1234567');
        });
      }
    });
  }
}

/** Numbers of other countries as libphonenumber-js groups them, typed without spaces into a dialog React has taken over. */
const NUMBERS = [
  { typed: '+4930901820', shown: '+49 30 901820', country: 'DE' },
  { typed: '+442079460958', shown: '+44 20 7946 0958', country: 'GB' },
  { typed: '+447911123456', shown: '+44 7911 123456', country: 'GB' },
  { typed: '+12025550143', shown: '+1 202 555 0143', country: 'US' },
  { typed: '+380441234567', shown: '+380 44 123 4567', country: 'UA' },
  { typed: '+79161234567', shown: '+7 916 123 45 67', country: 'RU' },
] as const;

for (const [locale, visitor] of [
  ['ru', 'russia'],
  ['en', 'abroad'],
] as const) {
  test.describe(`phone grouping by country, /${locale}, visitor ${visitor === 'russia' ? 'in Russia' : 'abroad'}`, () => {
    test.use({ visitor: visitor as Visitor });
    test('each number is grouped as libphonenumber-js groups it, and stays so', async ({ page }) => {
      const dialog = await open(page, locale, 'buy dialog');
      await expect(dialog.locator('form[data-ready]')).toHaveCount(1, { timeout: 30_000 });
      const phone = phoneOf(dialog, locale);
      for (const { typed, shown, country } of NUMBERS) {
        await phone.fill('');
        await phone.pressSequentially(typed);
        await expect(phone, typed).toHaveValue(shown);
        await expect(phoneCountryOf(dialog)).toHaveValue(country);
        await dialog.getByRole('textbox', { name: texts[locale].name, exact: true }).pressSequentially('x');
        await expect(phone, typed).toHaveValue(shown);
      }
    });
  });
}
