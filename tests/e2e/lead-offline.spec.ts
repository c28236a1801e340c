import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { telegramMessages, waitForTelegram } from './telegram';
import { ownAddress } from './tools-support';

/**
 * A send over a dropped connection (docs/decisions/036): the page is never reloaded, the dialog
 * says there is no connection, keeps every field and sends again (with the same idempotency key)
 * when the connection comes back or when asked; the server keeps the key, so however the send
 * went, one lead reaches sales (counted in the Telegram stand-in).
 */
test.describe.configure({ timeout: 90_000 });
test.use({ visitor: 'russia' });

const T = {
  ru: { buy: 'Купить', name: 'Имя', phone: 'Телефон', email: 'E-mail', client1: 'Купить или посмотреть каталог', send: 'Отправить заявку', offline: 'Нет связи с сервером', sent: 'с Вами свяжутся в течение 10 минут в рабочее время' },
  en: { buy: 'Buy', name: 'Name', phone: 'Phone', email: 'E-mail', client1: 'To buy or view the catalogue', send: 'Send request', offline: 'No connection to the server', sent: 'we will contact you within 10 minutes during business hours' },
} as const;

/** The buy dialog of the home page, hydrated (what a visitor who typed for a while has), and filled in key by key. */
async function openAndFill(page: Page, locale: 'ru' | 'en', name: string): Promise<Locator> {
  const x = T[locale];
  // An address of its own: the leads of other tests do not count against this one's rate limit.
  await ownAddress(page);
  await page.goto(`/${locale}`);
  await hostReady(page);
  await page.getByRole('main').locator('[data-dialog="buy"]').filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: x.buy });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: x.name, exact: true }).pressSequentially(name);
  await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially('+7 916 123-45-67');
  await dialog.getByRole('textbox', { name: x.email, exact: true }).pressSequentially('offline@example.com');
  await dialog.getByRole('radio', { name: x.client1 }).check();
  await giveConsent(dialog, locale);
  // React has taken the form over (it sends it from now on).
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1);
  return dialog;
}

/** Marks the document, so that a reload (a new document) shows. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);

/** The lead's messages in the stand-in, once the outbox had time to send any second one. */
async function messagesOf(name: string) {
  await waitForTelegram(name);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return (await telegramMessages()).filter((message) => message.text.includes(name));
}

for (const [locale, width] of [
  ['ru', 360],
  ['en', 1280],
] as const) {
  const x = T[locale];
  test(`${locale} ${width}px: offline at the send, the dialog says so, keeps the fields, sends once when back online`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 800 });
    const name = `Офлайн ${locale} ${Date.now()}`;
    const dialog = await openAndFill(page, locale, name);
    await markDocument(page);
    const sends: Request[] = [];
    page.on('request', (request) => request.url().endsWith('/api/telega/send-mail') && sends.push(request));

    await context.setOffline(true);
    await dialog.getByRole('button', { name: x.send }).click();
    await expect(dialog.getByRole('status').filter({ hasText: x.offline })).toBeVisible();
    // Give a reload time to come, had anything asked for one.
    await page.waitForTimeout(1_500);
    expect(await sameDocument(page)).toBe(true);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: x.name, exact: true })).toHaveValue(name);
    await expect(dialog.getByRole('textbox', { name: x.email, exact: true })).toHaveValue('offline@example.com');
    await expect(dialog.getByRole('radio', { name: x.client1 })).toBeChecked();

    await context.setOffline(false);
    await expect(dialog.getByText(x.sent)).toBeVisible({ timeout: 15_000 });
    expect(await sameDocument(page)).toBe(true);
    expect(await messagesOf(name)).toHaveLength(1);
    // Every try of the send carried one key.
    const keys = new Set(await Promise.all(sends.map(async (request) => (await request.allHeaders())['idempotency-key'])));
    expect(sends.length).toBeGreaterThanOrEqual(1);
    expect([...keys]).toHaveLength(1);
    expect([...keys][0]).toMatch(/^[\w-]{22}$/);
  });
}

test('the answer lost after the server stored the lead: sent again when asked, still one lead', async ({ page }) => {
  const name = `Потерянный ответ ${Date.now()}`;
  const dialog = await openAndFill(page, 'ru', name);
  await markDocument(page);
  const keys: string[] = [];
  // The first send reaches the server, which stores it; its answer never reaches the page.
  await page.route('**/api/telega/send-mail', async (route) => {
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: T.ru.send }).click();
  await expect(dialog.getByRole('status').filter({ hasText: T.ru.offline })).toBeVisible();
  await waitForTelegram(name);
  await dialog.getByRole('button', { name: T.ru.send }).click();
  await expect(dialog.getByText(T.ru.sent)).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await messagesOf(name)).toHaveLength(1);
});
