import type { Locator, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { consentBox, giveConsent } from './dialogs-support';
import { servicePages } from '../../src/site/site-pages.mjs';
import { expect, test, type Visitor } from './fixtures';
import { hasPhone, waitForTelegram } from './telegram';

/**
 * The order form at the bottom of every product page: with scripts it
 * sends in place, its answer on screen; without them the post's 303 lands on the form (`#order`)
 * with what was typed and each field's error; the phone's `pattern` is one the browser can use.
 */
const messages = { ru, en } as const;
const RUN = Date.now().toString(36);
const SENT = { timeout: 20_000 };
/** The phone's example and a number the server takes, for a visitor in Russia and elsewhere. */
const EXAMPLE_RU = '+7 900 000-00-00';

const widths = [360, 1280] as const;

/** The viewport, and an address abroad of the test's own: leads are limited per address (20 in 10 minutes). */
async function at(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` });
}

const orderForm = (page: Page) => page.locator('#order form');
const field = (form: Locator, label: string) => form.getByRole('textbox', { name: label, exact: true });

/** The error a field is described by (`aria-describedby`), once the answer has named it. */
async function errorOf(page: Page, input: Locator) {
  await expect(input, 'the field names its error').toHaveAttribute('aria-describedby', /\S/);
  const id = await input.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`);
}

for (const locale of ['ru', 'en'] as const) {
  const x = messages[locale].OrderForm;

  for (const width of widths) {
    test.describe(`the product page's order form with JavaScript (${locale}, ${width} px)`, () => {
      test('sends in place: no navigation, the confirmation on screen where send was pressed', async ({ page }) => {
        await at(page, width);
        await page.goto(`/${locale}/spec`);
        await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
        const form = orderForm(page);
        const name = `Order form JS ${locale} ${width} ${RUN}`;
        await field(form, x.name).pressSequentially(name);
        await field(form, x.phone).pressSequentially('+7 912 345-67-89');
        await form.getByRole('radio', { name: x.client2 }).check();
        await field(form, x.comment).pressSequentially('СТО');
        await giveConsent(form, locale);
        // The page's scripts have taken the form over (they start at the first interaction).
        await expect(form).toHaveAttribute('data-ready', '');
        const url = page.url();
        await form.getByRole('button', { name: x.sendDemo, exact: true }).click();
        const confirmation = page.locator('#order').getByRole('status').filter({ hasText: x.sent });
        await expect(confirmation).toBeVisible(SENT);
        await expect(confirmation).toBeInViewport({ ratio: 1 });
        await expect(confirmation).toBeFocused();
        expect(page.url()).toBe(url);
        expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
        const message = await waitForTelegram(name);
        expect(hasPhone(message.text, '+79123456789'), message.text).toBe(true);
      });

      test('a refused phone shows its error by the field, in place, everything typed kept', async ({ page }) => {
        await at(page, width);
        await page.goto(`/${locale}/moto`);
        const form = orderForm(page);
        await field(form, x.name).pressSequentially('Пётр');
        const phone = field(form, x.phone);
        await phone.pressSequentially('+7 123');
        await form.getByRole('radio', { name: x.client1 }).check();
        await giveConsent(form, locale);
        await expect(form).toHaveAttribute('data-ready', '');
        const url = page.url();
        await form.getByRole('button', { name: x.sendBuy, exact: true }).click();
        const error = await errorOf(page, phone);
        await expect(error).toBeVisible();
        await expect(error).toBeInViewport();
        await expect(phone).toBeFocused();
        await expect(phone).toHaveValue('+7 123');
        await expect(field(form, x.name)).toHaveValue('Пётр');
        await expect(consentBox(form, locale)).toBeChecked();
        expect(page.url()).toBe(url);
      });
    });

    test.describe(`the product page's order form without JavaScript (${locale}, ${width} px)`, () => {
      test.use({ javaScriptEnabled: false });

      test('a refused post lands on the form with everything typed and the phone’s error by it; then it sends', async ({ page }) => {
        await at(page, width);
        await page.goto(`/${locale}/apk`);
        const form = orderForm(page);
        const name = `Order form no JS ${locale} ${width} ${RUN}`;
        await field(form, x.name).pressSequentially(name);
        // Passes the browser's pattern, not the server's check of the number.
        await field(form, x.phone).pressSequentially('123 456');
        await form.getByRole('radio', { name: x.client3 }).check();
        await field(form, x.comment).pressSequentially('Фильтр 123');
        await giveConsent(form, locale);
        await form.getByRole('button', { name: x.sendBuy, exact: true }).click();

        await expect(page).toHaveURL(new RegExp(`/${locale}/apk\\?order=invalid&draft=[\\w-]{22}#order$`));
        // No personal data in the address.
        expect(page.url()).not.toContain('123');
        expect(decodeURIComponent(page.url())).not.toContain(name);
        const answer = page.locator('#order').getByText(x.invalid);
        await expect(answer).toBeInViewport();
        const phone = field(form, x.phone);
        await expect(field(form, x.name)).toHaveValue(name);
        await expect(phone).toHaveValue('123 456');
        await expect(form.getByRole('radio', { name: x.client3 })).toBeChecked();
        await expect(field(form, x.comment)).toHaveValue('Фильтр 123');
        await expect(consentBox(form, locale)).toBeChecked();
        await expect(phone).toHaveAttribute('aria-invalid', 'true');
        const error = await errorOf(page, phone);
        await expect(error).toHaveText(messages[locale].Validation.invalidPhone);
        await expect(error).toBeInViewport();
        // Right by its field: just below it (both read in one frame: the page may still be gliding to #order).
        const gap = await page.evaluate(
          ([input, below]) => below!.getBoundingClientRect().top - input!.getBoundingClientRect().bottom,
          [await phone.elementHandle(), await error.elementHandle()] as const,
        );
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(24);
        // No other field is in error.
        await expect(form.locator('[aria-invalid="true"]')).toHaveCount(1);

        await phone.clear();
        await phone.pressSequentially('+7 912 345-67-89');
        await form.getByRole('button', { name: x.sendBuy, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/apk\\?order=sent#order$`), SENT);
        await expect(page.locator('#order').getByText(x.sent)).toBeInViewport();
        await waitForTelegram(name);
      });
    });
  }

  test.describe(`the phone's pattern and example (${locale})`, () => {
    test('no product page logs a pattern error, and the browser’s own check runs on every phone input', async ({ page }) => {
      // Every product page, each phone typed key by key twice: its time grows with the pages (57.8 s of a fixed 60 s limit on a busy 2-core machine; the ru run went over it).
      test.setTimeout(servicePages.length * 10_000);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (/pattern/i.test(message.text())) logged.push(message.text());
      });
      for (const product of servicePages) {
        await page.goto(`/${locale}/${product}`);
        const phones = page.locator('input[type=tel][pattern]');
        expect(await phones.count(), product).toBeGreaterThan(0);
        for (const phone of await phones.all()) {
          await phone.pressSequentially('call me');
          expect(await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), product).toBe(true);
          await phone.clear();
          await phone.pressSequentially('+7 (912) 345-67.89');
          expect(await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), product).toBe(false);
        }
      }
      expect(logged).toEqual([]);
    });

    for (const visitor of ['russia', 'abroad'] as Visitor[]) {
      test.describe(`a visitor ${visitor === 'russia' ? 'in Russia' : 'outside Russia'}`, () => {
        test.use({ visitor });
        test('gets a phone example of their country, or an international one', async ({ page }) => {
          await page.goto(`/${locale}/epc`);
          const phone = field(orderForm(page), x.phone);
          await expect(phone).toHaveAttribute('placeholder', visitor === 'russia' ? EXAMPLE_RU : x.phoneExampleWorld);
          if (visitor === 'abroad') expect(x.phoneExampleWorld).not.toContain('+7');
        });
      });
    }
  });
}
