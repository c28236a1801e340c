import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { waitForTelegram } from './telegram';

/**
 * The campaign behind a lead reaches sales. A visitor lands from another site on a
 * campaign link, reads a second page of the visit, and sends each form there: the message in the
 * sales chat (the Telegram stand-in) names the page it was sent from, the landing page's utm_* and
 * the referring site. Without scripts, the product page's own form sends the campaign of its page.
 */

const SENT = { timeout: 20_000 };
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `77.88.${random(10, 60)}.${random(1, 254)}` });
});

/** A campaign of this run: its name is unique, so the chat's message can be found by it. */
const campaign = () => `autumn-${Date.now().toString(36)}-${random(0, 1e6)}`;

async function land(page: Page, name: string) {
  await page.goto(`/ru?utm_source=yandex&utm_medium=cpc&utm_campaign=${name}`, { referer: 'https://news.example/article?id=7' });
  await hostReady(page);
  // A second page of the visit, reached as a person reaches it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'О компании' }).click();
  await expect(page).toHaveURL(/\/ru\/about$/);
  await hostReady(page);
}

async function contacts(dialog: Locator, name: string, email = true) {
  await dialog.getByRole('textbox', { name: 'Имя', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('8 916 123-45-67');
  if (email) await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('campaign@example.com');
}

async function expectCampaign(name: string, sentFrom: string, utmCampaign: string) {
  const message = await waitForTelegram(name);
  for (const part of [
    `<b>Страница:</b> <code>${sentFrom}</code>`,
    '<b>UTM source:</b> <code>yandex</code>',
    '<b>UTM medium:</b> <code>cpc</code>',
    `<b>UTM campaign:</b> <code>${utmCampaign}</code>`,
    '<b>Пришёл с сайта:</b> <code>https://news.example</code>',
  ]) {
    expect(message.text).toContain(part);
  }
}

for (const [link, title] of [
  ['Купить', 'Купить'],
  ['Заказать демо', 'Заказать демо'],
] as const) {
  test(`the landing page’s campaign rides with «${title}» sent from a later page`, async ({ page }) => {
    const utm = campaign();
    await land(page, utm);
    await page.getByRole('banner').getByRole('link', { name: 'Тарифы' }).first().click();
    await hostReady(page);
    await page.getByRole('main').getByRole('link', { name: link, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.locator('form[data-ready]')).toHaveCount(1, SENT);
    const name = `Campaign ${utm}`;
    await contacts(dialog, name);
    await dialog.getByRole('radio', { name: 'Купить или посмотреть каталог' }).check();
    await giveConsent(dialog, 'ru');
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    await expectCampaign(name, new URL(page.url()).pathname + new URL(page.url()).search, utm);
  });
}

test('the feedback form and the product page’s order dialog carry it too', async ({ page }) => {
  const utm = campaign();
  await land(page, utm);
  await page.getByRole('banner').getByRole('link', { name: 'Контакты' }).first().click();
  const feedback = page.getByRole('dialog', { name: 'Обратная связь' });
  await expect(feedback.locator('form[data-ready]')).toHaveCount(1, SENT);
  const name = `Feedback ${utm}`;
  await feedback.getByRole('combobox', { name: 'Страна', exact: true }).selectOption('Россия');
  await feedback.getByRole('radio', { name: 'Отдел продаж' }).check();
  await contacts(feedback, name);
  await feedback.getByRole('textbox', { name: 'Сообщение', exact: true }).fill('Откуда я пришёл?');
  await giveConsent(feedback, 'ru');
  await feedback.getByRole('button', { name: 'Отправить', exact: true }).click();
  await expectCampaign(name, '/ru/about', utm);

  await page.goto('/ru/vag');
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: 'Заказать демо', exact: true }).click();
  const order = page.getByRole('dialog', { name: 'Заказать демо' });
  await expect(order.locator('form[data-ready]')).toHaveCount(1, SENT);
  const orderName = `Order ${utm}`;
  await contacts(order, orderName, false);
  await order.getByRole('radio', { name: 'Представитель автобизнеса' }).check();
  await giveConsent(order, 'ru');
  await order.getByRole('button', { name: 'Отправить заявку' }).click();
  await expectCampaign(orderName, '/ru/vag', utm);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the order form of a campaign’s landing page sends its campaign', async ({ page }) => {
    const utm = campaign();
    await page.goto(`/ru/epc?utm_source=yandex&utm_medium=cpc&utm_campaign=${utm}`);
    const form = page.locator('#order form');
    const name = `No script ${utm}`;
    await form.getByRole('textbox', { name: 'Имя', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Телефон', exact: true }).fill('8 916 123-45-67');
    await form.getByRole('radio', { name: 'Представитель автобизнеса' }).check();
    await giveConsent(form, 'ru');
    await form.locator('button[name=btn_type][value=btn_buy]').click();
    await expect(page).toHaveURL(/\/ru\/epc\?.*order=sent/, SENT);
    const message = await waitForTelegram(name);
    expect(message.text).toContain(`<b>UTM campaign:</b> <code>${utm}</code>`);
    expect(message.text).toContain('<b>UTM source:</b> <code>yandex</code>');
    expect(message.text).toContain('<b>Телефон:</b> +7 916 123 45 67');
  });
});
