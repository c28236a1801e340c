import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gate, giveConsent, goals, hostReady, mockApi, stubMetrica, T, timeInPage } from './dialogs-support';

const texts = {
  ru: {
    buy: 'Купить',
    demo: 'Заказать демо',
    legal: 'Мы работаем только с юридическими лицами.',
    demoNote: 'В демо-доступе номера запчастей не отображаются.',
    name: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    client1: 'Купить или посмотреть каталог',
    client3: 'Купить запчасть',
    comment: 'Комментарий (необязательно)',
    notBusiness: 'Извините, мы не продаём запчасти.',
    send: 'Отправить заявку',
    confirmation: 'с Вами свяжутся в течение 10 минут',
    phoneDigits: '9123456789',
  },
  en: {
    buy: 'Buy',
    demo: 'Order a demo',
    legal: 'We work with legal entities only.',
    demoNote: 'Demo access does not display spare-part numbers.',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    client1: 'To buy or view the catalogue',
    client3: 'To buy a spare part',
    comment: 'Comment (optional)',
    notBusiness: "Sorry, we don't sell spare parts.",
    send: 'Send request',
    confirmation: 'we will contact you within 10 minutes',
    phoneDigits: '+79123456789',
  },
} as const;
type Locale = keyof typeof texts;

async function open(page: Page, locale: Locale, kind: 'buy' | 'demo') {
  await stubMetrica(page);
  await page.goto(`/${locale}`);
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: texts[locale][kind], exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: texts[locale][kind] });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(page: Page, locale: Locale) {
  const x = texts[locale];
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: x.name, exact: true }).fill('ООО Ромашка');
  await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
  await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('buyer@example.com');
  await dialog.getByRole('radio', { name: x.client1 }).check();
  await giveConsent(dialog, locale);
}

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];
  test.describe(`buy/demo dialog (${locale})`, () => {
    // The phone is typed as people there write it: national on the Russian page, read in the
    // visitor's country (GeoIP) before the page language's (docs/decisions/019).
    test.use({ visitor: locale === 'ru' ? 'russia' : 'abroad' });
    test('buy: goal on opening, the fields sent, the 10-minute confirmation and goal on success', async ({ page }) => {
      const answer = gate();
      const api = await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } }, until: answer.promise });
      const dialog = await open(page, locale, 'buy');
      expect(await goals(page)).toEqual(['btn_buy']);
      await expect(dialog.getByText(x.legal)).toBeVisible();
      await expect(dialog.getByText(x.demoNote)).toHaveCount(0);
      await fill(page, locale);
      await dialog.getByRole('textbox', { name: x.comment }).fill('Нужен доступ на 3 места');
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(dialog.getByRole('button', { name: /Отправка|Sending/ })).toBeDisabled();
      answer.release();
      await expect(dialog.getByText(x.confirmation)).toBeVisible();
      expect(await goals(page)).toEqual(['btn_buy', 'form_buy']);
      expect(api.requests).toHaveLength(1);
      expect(api.requests[0]!.headers()['accept-language']).toBe(locale);
      expect(api.bodies()[0]).toEqual({
        flag_check_not_business: false,
        t: 'btn_buy',
        lang: locale,
        name: 'ООО Ромашка',
        phone: '+79123456789',
        // the phone field's country beside it (src/components/dialogs/phone-field.tsx)
        phone_country: 'RU',
        email: 'buyer@example.com',
        t_client: '1',
        t_client_txt: 'Нужен доступ на 3 места',
        vin: '',
        tis: '',
        // the index's own buttons name no product (a tariff card's do: lead-product.spec.ts)
        product: '',
        yandex_metrica_client_id: '1700000000123456789',
        website: '',
        consent: 'on',
        url: `/${locale}`,
      });
      await dialog.getByRole('button', { name: T[locale].close }).first().click();
      await expect(dialog).toBeHidden();
    });

    test('demo: its note; a spare-part buyer is told we do not sell parts and gets no send button', async ({ page }) => {
      const api = await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } } });
      const dialog = await open(page, locale, 'demo');
      expect(await goals(page)).toEqual(['btn_demo']);
      await expect(dialog.getByText(x.demoNote)).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toBeVisible();
      await dialog.getByRole('radio', { name: x.client3 }).check();
      await expect(dialog.getByText(x.notBusiness)).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toHaveCount(0);
      // Enter in a field cannot send it either.
      await fill(page, locale);
      await dialog.getByRole('radio', { name: x.client3 }).check();
      await dialog.getByRole('textbox', { name: x.name, exact: true }).press('Enter');
      await dialog.getByRole('radio', { name: x.client1 }).check();
      await expect(dialog.getByText(x.notBusiness)).toBeHidden();
      await expect(dialog.getByRole('button', { name: x.send })).toBeVisible();
      // Had Enter sent the form, its request would come before this one.
      await dialog.getByRole('button', { name: x.send }).click();
      await expect.poll(() => api.requests.length).toBe(1);
      expect(api.bodies()[0]).toMatchObject({ t_client: '1', consent: 'on' });
    });

    test('demo: a refusal shows under the field and in the snackbar, form_error, the button comes back', async ({ page }) => {
      const api = await mockApi(page, 'api/telega/send-mail', { status: 422, json: { errors: ['Check the phone'], errorsFld: { phone: 'Phone refused by server' } } });
      const dialog = await open(page, locale, 'demo');
      await fill(page, locale);
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(dialog.getByRole('textbox', { name: x.phone, exact: true })).toHaveAccessibleDescription('Phone refused by server');
      await expect(page.locator('[data-snackbar-item]').filter({ hasText: 'Check the phone' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toBeEnabled();
      expect(await goals(page)).toEqual(['btn_demo', 'form_error']);
      expect(api.bodies()[0]).toMatchObject({ t: 'btn_demo', lang: locale });
    });

    test('a network failure says so, records form_error and gives the button back', async ({ page }) => {
      await mockApi(page, 'api/telega/send-mail', 'abort');
      const dialog = await open(page, locale, 'buy');
      await fill(page, locale);
      await dialog.getByRole('button', { name: x.send }).click();
      await expect(page.locator('[data-snackbar-item]').filter({ hasText: T[locale].network })).toBeVisible();
      await expect(dialog.getByRole('button', { name: x.send })).toBeEnabled();
      expect(await goals(page)).toEqual(['btn_buy', 'form_error']);
    });
  });
}

test('the snackbar sits top-right, success over error, closes after 5000 ms and by its close button', async ({ page }) => {
  const times = await timeInPage(page, '[data-snackbar-item][data-type="success"]');
  // A refusal that carries a success text too (a form's own success is confirmed by the form alone,
  // not in the snackbar: tests/e2e/lead-confirmation.spec.ts).
  await mockApi(
    page,
    'api/telega/send-mail',
    { status: 422, json: { successStr: 'Saved by server', infoStr: 'Info text', errors: ['Refused by server'] } },
  );
  const dialog = await open(page, 'en', 'buy');
  await fill(page, 'en');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const toast = page.locator('[data-snackbar-item]').filter({ hasText: 'Saved by server' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'success');
  await expect(page.locator('[data-snackbar-item]').filter({ hasText: 'Info text' })).toHaveCount(0);
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeLessThan(100);
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 80);
  await expect(toast).toBeHidden({ timeout: 15_000 });
  const { shownAt, goneAt } = await times();
  expect(goneAt! - shownAt!).toBeGreaterThanOrEqual(4999);
  // Sent again, the new message closes by its button at once.
  await open(page, 'en', 'buy');
  await fill(page, 'en');
  await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close the message' }).click();
  await expect(toast).toHaveCount(0, { timeout: 1000 });
});

test('without NEXT_PUBLIC_YM_ID: no third-party script, and a lead goes with an empty Metrica client id', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
  });
  const api = await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } } });
  await page.goto('/ru');
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: 'Купить', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await fill(page, 'ru');
  await dialog.getByRole('button', { name: texts.ru.send }).click();
  await expect(dialog.getByText(texts.ru.confirmation)).toBeVisible();
  expect(api.bodies()[0]).toMatchObject({ t: 'btn_buy', yandex_metrica_client_id: '' });
  expect(await page.locator('script[src*="mc.yandex"], script#yandex-metrica').count()).toBe(0);
  expect(outside).toEqual([]);
});
