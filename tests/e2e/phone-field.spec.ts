import type { Locator, Page } from '@playwright/test';
import { expect, test, type Visitor } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { hasPhone, telegramMessages, waitForTelegram } from './telegram';

/**
 * The phone field takes numbers as people type them, in every form and both languages,
 * and the lead reaches Telegram (the stand-in, tests/e2e/telegram-stand-in.mjs) in E.164.
 * Typed key by key (`pressSequentially`), pasted (`insertText`), autofilled (the value set under
 * React, then `input`, as Chrome does), edited over the code, with the form's country changed.
 */

const texts = {
  ru: {
    contacts: 'Контакты',
    feedback: 'Обратная связь',
    country: 'Страна',
    russia: 'Россия',
    germany: 'Германия',
    support: 'Техническая поддержка',
    buy: 'Купить',
    demo: 'Заказать демо',
    orderDemo: 'Заказать демо',
    login: 'Войти',
    authTitle: 'Для перехода к оплате, пройдите авторизацию',
    register: 'Зарегистрироваться',
    name: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    message: 'Сообщение',
    send: 'Отправить',
    sendRequest: 'Отправить заявку',
    sending: 'Отправка…',
    leadClient: 'Купить или посмотреть каталог',
    orderClient: 'Представитель автобизнеса',
    sent: 'Запрос успешно отослан',
    leadSent: 'с Вами свяжутся в течение 10 минут',
    orderSent: 'Спасибо! Заявка отправлена, с Вами свяжутся в течение 10 минут в рабочее время.',
    registration: ['Фамилия', 'Имя', 'Название организации', 'Город', 'Пароль', 'Повторите пароль'],
  },
  en: {
    contacts: 'Contact',
    feedback: 'Feedback',
    country: 'Country',
    russia: 'Russia',
    germany: 'Germany',
    support: 'Technical support',
    buy: 'Buy',
    demo: 'Order a demo',
    orderDemo: 'Order a demo',
    login: 'Sign in',
    authTitle: 'To proceed to payment, please sign in',
    register: 'Register',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    message: 'Message',
    send: 'Send',
    sendRequest: 'Send request',
    sending: 'Sending…',
    leadClient: 'To buy or view the catalogue',
    orderClient: 'Auto business representative',
    sent: 'Your request has been sent successfully',
    leadSent: 'we will contact you within 10 minutes',
    orderSent: 'Thank you! Your request has been sent. We will contact you within 10 minutes during business hours.',
    registration: ['Surname', 'First name', 'Organisation name', 'City', 'Password', 'Repeat password'],
  },
} as const;
type Locale = keyof typeof texts;

const run = Date.now().toString(36);

// Each test opens a page, types key by key and sends a real lead through the outbox: more than
// the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });
const SENT = { timeout: 30_000 };
const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));

/**
 * Each test its own address in the visitor's country (77.88.10–60.x is Russia, 8.8.x.x the US
 * in the GeoIP data): the lead limit counts per address and these tests send real leads.
 */
test.beforeEach(async ({ context, visitor }) => {
  const address = visitor === 'russia' ? `77.88.${random(10, 60)}.${random(1, 254)}` : `8.8.${random(0, 255)}.${random(1, 254)}`;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
});

const phoneOf = (scope: Locator, locale: Locale) => scope.getByRole('textbox', { name: texts[locale].phone, exact: true });
const chooserOf = (scope: Locator) => scope.locator('.phone-country select');
const phoneCountryOf = (scope: Locator) => scope.locator('input[type="hidden"][name="phone_country"]');

/** The lead with this name reached Telegram, carrying this phone (E.164, or grouped for people). */
async function expectTelegramLead(name: string, e164: string) {
  const message = await waitForTelegram(name);
  expect(hasPhone(message.text, e164), message.text).toBe(true);
  expect((await telegramMessages()).filter((each) => each.text.includes(name))).toHaveLength(1);
}

/** What Chrome's autofill does: the value set under React's feet, then `input` (the field is not focused). */
async function autofill(field: Locator, value: string) {
  await field.evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

async function openFeedback(page: Page, locale: Locale) {
  await page.goto(`/${locale}`);
  await hostReady(page);
  await page.getByRole('banner').getByRole('link', { name: texts[locale].contacts }).first().click();
  const dialog = page.getByRole('dialog', { name: texts[locale].feedback });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1, SENT);
  return dialog;
}

async function openLead(page: Page, locale: Locale, kind: 'buy' | 'demo') {
  await page.goto(`/${locale}`);
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: texts[locale][kind], exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: texts[locale][kind] });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1, SENT);
  return dialog;
}

async function openOrder(page: Page, locale: Locale) {
  await page.goto(`/${locale}/epc`);
  await hostReady(page);
  await page.getByRole('main').getByRole('link', { name: texts[locale].orderDemo, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts[locale].orderDemo });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1, SENT);
  return dialog;
}

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];

  test.describe(`phone field, visitor in Russia (${locale})`, () => {
    test.use({ visitor: 'russia' as Visitor });

    test('feedback: a national number typed before the country is chosen is re-read in that country', async ({ page }) => {
      const name = `Feedback DE ${locale} ${run}`;
      const dialog = await openFeedback(page, locale);
      const country = dialog.getByRole('combobox', { name: x.country, exact: true });
      await expect(country).toHaveValue(x.russia);
      await dialog.getByRole('radio', { name: x.support }).check();
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('030 901820');
      await expect(phone).toHaveValue('030 901820');
      await expect(phoneCountryOf(dialog)).toHaveValue('RU');
      await phone.blur();
      // Not a Russian number: left as typed, for the visitor to correct.
      await expect(phone).toHaveValue('030 901820');
      await country.selectOption(x.germany);
      await expect(chooserOf(dialog)).toHaveValue('DE');
      await expect(phoneCountryOf(dialog)).toHaveValue('DE');
      await expect(phone).toHaveValue('+49 30 901820');
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('feedback@example.com');
      await dialog.getByRole('textbox', { name: x.message, exact: true }).fill('Phone field e2e');
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.send, exact: true }).click();
      await expect(dialog.getByText(x.sent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+4930901820');
    });

    test('feedback: + codes typed key by key switch the country and back; a national number after them is Russian', async ({ page }) => {
      const name = `Feedback codes ${locale} ${run}`;
      const dialog = await openFeedback(page, locale);
      await dialog.getByRole('radio', { name: x.support }).check();
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('+7 (926) 765-43-21');
      await expect(phone).toHaveValue('+7 926 765 43 21');
      await expect(chooserOf(dialog)).toHaveValue('RU');
      await phone.pressSequentially('+49 30 901820');
      await expect(phone).toHaveValue('+49 30 901820');
      await expect(chooserOf(dialog)).toHaveValue('DE');
      await phone.press('ControlOrMeta+a');
      await phone.pressSequentially('8 916 123-45-67');
      await expect(phone).toHaveValue('8 916 123-45-67');
      await expect(chooserOf(dialog)).toHaveValue('RU');
      await phone.blur();
      await expect(phone).toHaveValue('+7 916 123 45 67');
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('feedback@example.com');
      await dialog.getByRole('textbox', { name: x.message, exact: true }).fill('Phone field e2e');
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.send, exact: true }).click();
      await expect(dialog.getByText(x.sent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+79161234567');
    });

    test('buy dialog: 8 916 123-45-67 key by key, shown as typed, international once left', async ({ page }) => {
      const name = `Buy national ${locale} ${run}`;
      const dialog = await openLead(page, locale, 'buy');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('8 916 123-45-67');
      await expect(phone).toHaveValue('8 916 123-45-67');
      await expect(chooserOf(dialog)).toHaveValue('RU');
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('buyer@example.com');
      await expect(phone).toHaveValue('+7 916 123 45 67');
      await dialog.getByRole('radio', { name: x.leadClient }).check();
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.sendRequest }).click();
      await expect(dialog.getByText(x.leadSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+79161234567');
    });

    test('demo dialog: a pasted foreign number switches the country; Enter sends while the field is focused', async ({ page }) => {
      const name = `Demo paste ${locale} ${run}`;
      const dialog = await openLead(page, locale, 'demo');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('demo@example.com');
      await dialog.getByRole('radio', { name: x.leadClient }).check();
      await giveConsent(dialog, locale);
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('8 916');
      await phone.press('ControlOrMeta+a');
      await page.keyboard.insertText('+44 7911 123456');
      await expect(phone).toHaveValue('+44 7911 123456');
      await expect(chooserOf(dialog)).toHaveValue('GB');
      await phone.press('ControlOrMeta+a');
      await page.keyboard.insertText('8 (903) 123-45-67');
      await expect(chooserOf(dialog)).toHaveValue('RU');
      await phone.press('Enter');
      await expect(dialog.getByText(x.leadSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+79031234567');
    });

    test('order modal: St Petersburg 812…, then Backspace over the code and a national number', async ({ page }) => {
      const name = `Order spb ${locale} ${run}`;
      const dialog = await openOrder(page, locale);
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('812 123 45 67');
      await phone.blur();
      await expect(phone).toHaveValue('+7 812 123 45 67');
      await expect(phoneCountryOf(dialog)).toHaveValue('RU');
      // Backspace over the code leaves the national number, still read in Russia.
      await phone.focus();
      await phone.evaluate((input: HTMLInputElement) => input.setSelectionRange(2, 2));
      await phone.press('Backspace');
      await expect(phone).toHaveValue('812 123 45 67');
      await dialog.getByRole('radio', { name: x.orderClient }).check();
      await expect(phone).toHaveValue('+7 812 123 45 67');
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.sendRequest }).click();
      await expect(dialog.getByText(x.orderSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+78121234567');
    });

    test('registration: 8 903 123-45-67 is stored as +79031234567', async ({ page, request }) => {
      await page.goto(`/${locale}/about`);
      await hostReady(page);
      await page.getByRole('banner').getByRole('link', { name: x.login }).click();
      const dialog = page.getByRole('dialog', { name: x.authTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: x.register }).click();
      const field = (label: string) => dialog.getByLabel(label, { exact: true }).filter({ visible: true });
      const [surname, firstName, firm, city, password, password2] = x.registration;
      await field('E-mail').fill(`phone-${locale}-${run}@example.com`);
      const phone = field(x.phone);
      await phone.pressSequentially('8 903 123-45-67');
      await expect(phone).toHaveValue('8 903 123-45-67');
      await field(surname).fill('Petrov');
      await field(firstName).fill('Ivan');
      await field(firm).fill('E2E Phones');
      await dialog.getByRole('combobox', { name: x.country, exact: true }).selectOption(x.russia);
      await field(city).fill('Tver');
      await field(password).fill('e2e password 123');
      await field(password2).fill('e2e password 123');
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.register, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account$`), SENT);
      const token = await page.evaluate(() => localStorage.getItem('epc_token'));
      const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
      expect((await me.json()).result.user.phone).toBe('+79031234567');
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });
      test('the product page order form takes 8 916 123-45-67 typed key by key', async ({ page }) => {
        const name = `No JS ${locale} ${run}`;
        await page.goto(`/${locale}/epc`);
        const form = page.locator('#order form');
        await expect(form.locator('input[name="phone_country"]')).toHaveValue('RU');
        await form.getByRole('textbox', { name: x.name, exact: true }).fill(name);
        await form.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially('8 916 123-45-67');
        await form.getByRole('radio', { name: x.orderClient }).check();
        await giveConsent(form, locale);
        await form.locator('button[name=btn_type][value=btn_buy]').click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/epc\\?order=sent`), SENT);
        await expectTelegramLead(name, '+79161234567');
      });
    });
  });

  test.describe(`phone field, visitor abroad (${locale})`, () => {
    test('buy dialog: autofill of a national number in the visitor\'s country, and a + number', async ({ page }) => {
      const name = `Buy autofill ${locale} ${run}`;
      const dialog = await openLead(page, locale, 'buy');
      const phone = phoneOf(dialog, locale);
      // The visitor is in the US (GeoIP): a national number is American.
      await expect(chooserOf(dialog)).toHaveValue('US');
      await autofill(phone, '(202) 555-0143');
      await expect(phone).toHaveValue('+1 202 555 0143');
      await expect(phoneCountryOf(dialog)).toHaveValue('US');
      await autofill(phone, '+7 916 123 45 67');
      await expect(phone).toHaveValue('+7 916 123 45 67');
      await expect(chooserOf(dialog)).toHaveValue('RU');
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('buyer@example.com');
      await dialog.getByRole('radio', { name: x.leadClient }).check();
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.sendRequest }).click();
      await expect(dialog.getByText(x.leadSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+79161234567');
    });

    test('order modal: the field\'s own country chooser', async ({ page }) => {
      const name = `Order chooser ${locale} ${run}`;
      const dialog = await openOrder(page, locale);
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      // The chooser lists every country once it is focused.
      await chooserOf(dialog).focus();
      await chooserOf(dialog).selectOption('KZ');
      const phone = phoneOf(dialog, locale);
      await phone.pressSequentially('8 701 123 45 67');
      await expect(phoneCountryOf(dialog)).toHaveValue('KZ');
      await phone.blur();
      await expect(phone).toHaveValue('+7 701 123 4567');
      await dialog.getByRole('radio', { name: x.orderClient }).check();
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.sendRequest }).click();
      await expect(dialog.getByText(x.orderSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+77011234567');
    });
  });
}

/**
 * The answer to GET /api/geo held until `release` (then the server's, or `answer` when given):
 * on a busy machine it has come after the first keys, and an English page assumes no country
 * until it comes.
 */
function holdGeo(page: Page, answer?: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  void page.route('**/api/geo', async (route) => {
    asked += 1;
    await gate;
    await (answer === undefined ? route.continue() : route.fulfill({ json: answer }));
  });
  return { release, asked: () => asked };
}

test.describe('phone field, English page, keys typed while the visitor\'s country is asked', () => {
  const x = texts.en;

  test.describe('visitor in Russia', () => {
    test.use({ visitor: 'russia' as Visitor });

    test('812 123 45 67 stays unread until the country comes, then is St Petersburg, not Japan', async ({ page }) => {
      const geo = holdGeo(page);
      const name = `Order held geo ${run}`;
      const dialog = await openOrder(page, 'en');
      await expect.poll(geo.asked).toBeGreaterThan(0);
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      const phone = phoneOf(dialog, 'en');
      await phone.pressSequentially('812 123 45 67');
      await phone.blur();
      await expect(phone).toHaveValue('812 123 45 67');
      await expect(phoneCountryOf(dialog)).toHaveValue('');
      geo.release();
      await expect(phone).toHaveValue('+7 812 123 45 67');
      await expect(phoneCountryOf(dialog)).toHaveValue('RU');
      await dialog.getByRole('radio', { name: x.orderClient }).check();
      await giveConsent(dialog, 'en');
      await dialog.getByRole('button', { name: x.sendRequest }).click();
      await expect(dialog.getByText(x.orderSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+78121234567');
    });

    test('a national number sent before the country comes waits for it and is sent in it', async ({ page }) => {
      const geo = holdGeo(page);
      const name = `Buy held geo ${run}`;
      const dialog = await openLead(page, 'en', 'buy');
      await expect.poll(geo.asked).toBeGreaterThan(0);
      await dialog.getByRole('textbox', { name: x.name, exact: true }).fill(name);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('held@example.com');
      await dialog.getByRole('radio', { name: x.leadClient }).check();
      await giveConsent(dialog, 'en');
      const phone = phoneOf(dialog, 'en');
      await phone.pressSequentially('8 916 123-45-67');
      await phone.press('Enter');
      // The press is taken: the form shows that it is sending, and a second press does nothing.
      const sending = dialog.getByRole('button', { name: x.sending });
      await expect(sending).toBeDisabled();
      await expect(dialog.getByRole('status').filter({ hasText: x.sending })).toBeVisible();
      await phone.press('Enter');
      // Nothing is sent as +8 916… meanwhile; the answer comes, and the lead goes in Russia, once.
      const leadsSent = () => telegramMessages().then((all) => all.filter((each) => each.text.includes(name)).length);
      await page.waitForTimeout(300);
      expect(await leadsSent()).toBe(0);
      geo.release();
      await expect(dialog.getByText(x.leadSent).first()).toBeVisible(SENT);
      await expectTelegramLead(name, '+79161234567');
      expect(await leadsSent()).toBe(1);
    });
  });

  test('where the server knows no country, what was typed is read as international once it says so', async ({ page }) => {
    const geo = holdGeo(page, { result: { country: null } });
    const dialog = await openLead(page, 'en', 'demo');
    await expect.poll(geo.asked).toBeGreaterThan(0);
    const phone = phoneOf(dialog, 'en');
    await phone.pressSequentially('44 7911 123456');
    await expect(phone).toHaveValue('44 7911 123456');
    geo.release();
    await expect(phone).toHaveValue('+44 7911 123456');
    await expect(phoneCountryOf(dialog)).toHaveValue('GB');
    // Typing goes on at the end of the number.
    await phone.press('Backspace');
    await expect(phone).toHaveValue('+44 7911 12345');
  });
});
