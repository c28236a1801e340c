import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { ownAddress } from './tools-support';

/**
 * One confirmation per send: the dialog's own, where the promise is made as
 * "10 minutes in working hours"; the snackbar does not repeat it with another promise.
 */
test.use({ visitor: 'russia' });

const T = {
  ru: {
    buy: 'Купить',
    name: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    client1: 'Купить или посмотреть каталог',
    send: 'Отправить заявку',
    promise: 'Заявка принята — с Вами свяжутся в течение 10 минут в рабочее время.',
    contacts: 'Контакты',
    feedback: 'Обратная связь',
  },
  en: {
    buy: 'Buy',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    client1: 'To buy or view the catalogue',
    send: 'Send request',
    promise: 'Request received — we will contact you within 10 minutes during business hours.',
    contacts: 'Contact',
    feedback: 'Feedback',
  },
} as const;

/** No snackbar message shows (given the time a message takes to load and show). */
async function noSnackbar(page: Page) {
  await page.waitForTimeout(1_500);
  await expect(page.locator('[data-snackbar-item]')).toHaveCount(0);
}

for (const [locale, width] of [
  ['ru', 360],
  ['en', 1280],
  ['ru', 1280],
  ['en', 360],
] as const) {
  const x = T[locale];
  test(`${locale} ${width}px: the buy dialog confirms once, with 10 minutes in working hours`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await ownAddress(page);
    await page.goto(`/${locale}`);
    await hostReady(page);
    await page.getByRole('main').locator('[data-dialog="buy"]').filter({ visible: true }).first().click();
    const dialog = page.getByRole('dialog', { name: x.buy });
    await dialog.getByRole('textbox', { name: x.name, exact: true }).pressSequentially(`Подтверждение ${Date.now()}`);
    await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially('+7 916 123-45-67');
    await dialog.getByRole('textbox', { name: x.email, exact: true }).pressSequentially('once@example.com');
    await dialog.getByRole('radio', { name: x.client1 }).check();
    await giveConsent(dialog, locale);
    await dialog.getByRole('button', { name: x.send }).click();
    await expect(dialog.getByRole('status').filter({ hasText: x.promise })).toBeVisible();
    await noSnackbar(page);
  });
}

for (const locale of ['ru', 'en'] as const) {
  test(`${locale}: the feedback dialog's confirmation (the specification's text) is the only one`, async ({ page }) => {
    const x = T[locale];
    await ownAddress(page);
    await page.goto(`/${locale}`);
    await hostReady(page);
    await page.getByRole('banner').getByRole('link', { name: x.contacts }).first().click();
    const dialog = page.getByRole('dialog', { name: x.feedback });
    await dialog.getByRole('combobox', { name: locale === 'ru' ? 'Страна' : 'Country', exact: true }).selectOption(locale === 'ru' ? 'Россия' : 'Russia');
    await dialog.getByRole('radio', { name: locale === 'ru' ? 'Отдел продаж' : 'Sales' }).check();
    await dialog.getByRole('textbox', { name: x.name, exact: true }).pressSequentially('Ольга');
    await dialog.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially('+7 916 765-43-21');
    await dialog.getByRole('textbox', { name: x.email, exact: true }).pressSequentially('olga@example.com');
    await dialog.getByRole('textbox', { name: locale === 'ru' ? 'Сообщение' : 'Message', exact: true }).pressSequentially('Нужен доступ');
    await giveConsent(dialog, locale);
    await dialog.getByRole('button', { name: locale === 'ru' ? 'Отправить' : 'Send', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: locale === 'ru' ? 'Запрос успешно отослан' : 'Your request has been sent successfully' })).toBeVisible();
    await noSnackbar(page);
  });
}
