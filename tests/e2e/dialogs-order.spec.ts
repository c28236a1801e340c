import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { consentBox, giveConsent, hostReady, mockApi } from './dialogs-support';

const texts = {
  ru: {
    buy: 'Купить',
    demo: 'Заказать демо',
    name: 'Имя',
    phone: 'Телефон',
    client1: 'Представитель автобизнеса',
    client2: 'Частное лицо',
    client3: 'Хочу купить запчасть',
    comment: 'Комментарий',
    send: 'Отправить заявку',
    sent: 'Спасибо! Заявка отправлена, с Вами свяжутся в течение 10 минут в рабочее время.',
    invalid: 'Заявка не отправлена: проверьте имя и телефон, выберите, кто вы, и отметьте согласие на обработку персональных данных.',
    phoneDigits: '9123456789',
  },
  en: {
    buy: 'Buy',
    demo: 'Order a demo',
    name: 'Name',
    phone: 'Phone',
    client1: 'Auto business representative',
    client2: 'Private person',
    client3: 'I want to buy a spare part',
    comment: 'Comment',
    send: 'Send request',
    sent: 'Thank you! Your request has been sent. We will contact you within 10 minutes during business hours.',
    invalid: 'The request was not sent: check your name and phone number, choose who you are, and tick the consent to the processing of your personal data.',
    phoneDigits: '+79123456789',
  },
} as const;
type Locale = keyof typeof texts;

async function openOrder(page: Page, locale: Locale, kind: 'buy' | 'demo', query = '') {
  await page.goto(`/${locale}/epc${query}`);
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: texts[locale][kind], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts[locale][kind] });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];
  test.describe(`order modal (${locale})`, () => {
    // The phone is typed as people there write it: national on the Russian page, read in the
    // visitor's country (GeoIP) before the page language's (docs/decisions/019).
    test.use({ visitor: locale === 'ru' ? 'russia' : 'abroad' });
    test('opens from the product page, comment only for types other than 1, posts the fields with fetch', async ({ page }) => {
      const api = await mockApi(page, `${locale}/services/order-send`, { status: 200, json: { result: { success: true } } });
      const dialog = await openOrder(page, locale, 'buy', '?utm_source=ya&k=1');
      const comment = dialog.getByRole('textbox', { name: x.comment });
      await expect(comment).toHaveCount(0);
      await dialog.getByRole('radio', { name: x.client2 }).check();
      await expect(comment).toBeVisible();
      await dialog.getByRole('radio', { name: x.client1 }).check();
      await expect(comment).toHaveCount(0);
      await dialog.getByRole('radio', { name: x.client3 }).check();
      await comment.fill('Нужен фильтр');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill('Пётр');
      await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(dialog.getByText(x.sent)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${locale}/epc\\?utm_source=ya&k=1$`));
      const request = api.requests[0]!;
      expect(request.headers()['accept']).toContain('application/json');
      expect(request.headers()['accept-language']).toBe(locale);
      expect(api.bodies()[0]).toEqual({
        name: 'Пётр',
        phone: '+79123456789',
        // the phone field's country beside it (src/components/dialogs/phone-field.tsx)
        phone_country: 'RU',
        t_client: '3',
        t_client_txt: 'Нужен фильтр',
        city: '-',
        btn_type: 'btn_buy',
        lang: locale,
        // the product of the page whose button opened it
        product: 'epc',
        url: `/${locale}/epc?utm_source=ya&k=1`,
        utm_source: 'ya',
        website: '',
        consent: 'on',
      });
    });

    test('demo: a refusal shows under the field and in the snackbar; the button comes back', async ({ page }) => {
      const api = await mockApi(page, `${locale}/services/order-send`, { status: 400, json: { errors: ['Name is too short'], errorsFld: { name: 'Too short' } } });
      const dialog = await openOrder(page, locale, 'demo');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill('П');
      await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
      await dialog.getByRole('radio', { name: x.client1 }).check();
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(dialog.getByRole('textbox', { name: x.name, exact: true })).toHaveAccessibleDescription('Too short');
      await expect(page.locator('[data-snackbar-item]').filter({ hasText: 'Name is too short' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toBeEnabled();
      expect(api.bodies()[0]).toMatchObject({ btn_type: 'btn_demo', t_client: '1', city: '-', consent: 'on' });
      expect(api.bodies()[0]).not.toHaveProperty('t_client_txt');
    });

    test('network failure: said in the snackbar, button back', async ({ page }) => {
      await mockApi(page, `${locale}/services/order-send`, 'abort');
      const dialog = await openOrder(page, locale, 'buy');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill('Пётр');
      await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
      await dialog.getByRole('radio', { name: x.client2 }).check();
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(page.locator('[data-snackbar-item]').filter({ hasText: locale === 'ru' ? 'Нет связи с сервером' : 'No connection' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toBeEnabled();
    });
  });

  test.describe(`order form without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the product page carries a working HTML form; the buttons lead to it', async ({ page }) => {
      await page.goto(`/${locale}/epc`);
      const hero = page.getByRole('main').getByRole('link', { name: x.buy, exact: true });
      await expect(hero).toHaveAttribute('href', '#order');
      const form = page.locator('#order form');
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form).toHaveAttribute('action', `/${locale}/services/order-send`);
      await expect(form.locator('input[type=hidden][name=city]')).toHaveValue('-');
      await expect(form.locator('input[type=hidden][name=lang]')).toHaveValue(locale);
      await expect(form.locator('input[type=hidden][name=url]')).toHaveValue(`/${locale}/epc`);
      await expect(form.locator('input[name=website]')).toHaveAttribute('tabindex', '-1');
      await expect(form.getByRole('textbox', { name: x.name, exact: true })).toHaveAttribute('required', '');
      await expect(form.getByRole('textbox', { name: x.phone, exact: true })).toHaveAttribute('name', 'phone');
      await expect(form.locator('input[name=t_client]')).toHaveCount(3);
      await expect(consentBox(form, locale)).toHaveAttribute('required', '');
      await expect(consentBox(form, locale)).not.toBeChecked();
      await expect(form.locator('button[name=btn_type][value=btn_buy]')).toHaveText(x.buy);
      await expect(form.locator('button[name=btn_type][value=btn_demo]')).toHaveText(x.demo);
      // the comment box shows only for a type other than 1, with CSS alone
      const comment = form.getByRole('textbox', { name: x.comment });
      await expect(comment).toBeHidden();
      await form.getByRole('radio', { name: x.client2 }).check();
      await expect(comment).toBeVisible();
      await form.getByRole('radio', { name: x.client1 }).check();
      await expect(comment).toBeHidden();
    });

    test('the outcome of the post shows on the page it returns to', async ({ page }) => {
      await page.goto(`/${locale}/epc?order=sent`);
      await expect(page.locator('#order').getByText(x.sent)).toBeVisible();
      await page.goto(`/${locale}/tis?order=invalid`);
      await expect(page.locator('#order').getByText(x.invalid)).toBeVisible();
      await page.goto(`/${locale}/tis`);
      await expect(page.locator('#order').getByText(x.invalid)).toHaveCount(0);
    });

    test('the form post round trip', async ({ page }) => {
      await page.goto(`/${locale}/epc`);
      const form = page.locator('#order form');
      await form.getByRole('textbox', { name: x.name, exact: true }).fill('Пётр Иванов');
      await form.getByRole('textbox', { name: x.phone, exact: true }).fill('+7 912 345-67-89');
      await form.getByRole('radio', { name: x.client1 }).check();
      await giveConsent(form, locale);
      await form.locator('button[name=btn_type][value=btn_demo]').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/epc\\?order=sent`));
      await expect(page.locator('#order').getByText(x.sent)).toBeVisible();
    });
  });
}
