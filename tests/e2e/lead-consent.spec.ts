import type { Locator, Page, Request } from '@playwright/test';
import { CONSENT_VERSION } from '../../src/lib/validation/consent';
import { expect, test } from './fixtures';
import { CONSENT, consentBox, giveConsent, hostReady, mockApi } from './dialogs-support';
import { ownAddress } from './tools-support';
import { COMPANY } from '../support/company.mjs';

/**
 * The separate consent to the processing of personal data on every form that collects it: an
 * unticked, required, labelled checkbox `consent` with a link to the consent text (a new tab).
 * Without the tick nothing is sent and the reason is said under the box; with it the form sends once.
 */
type Locale = 'ru' | 'en';

// Each test walks a visitor through several pages, a dialog and its send (one also a second tab):
// more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const texts = {
  ru: {
    buy: 'Купить',
    demo: 'Заказать демо',
    orderDemo: 'Заказать демо',
    contacts: 'Контакты',
    feedback: 'Обратная связь',
    signIn: 'Войти',
    authTitle: 'Для перехода к оплате, пройдите авторизацию',
    register: 'Зарегистрироваться',
    name: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    phoneDigits: '9123456789',
    leadClient1: 'Купить или посмотреть каталог',
    orderClient1: 'Представитель автобизнеса',
    sendLead: 'Отправить заявку',
    sendFeedback: 'Отправить',
    country: 'Страна',
    countryValue: 'Россия',
    support: 'Техническая поддержка',
    message: 'Сообщение',
    registration: { surname: 'Фамилия', firstName: 'Имя', firm: 'Название организации', city: 'Город', password: 'Пароль', password2: 'Повторите пароль' },
    orderSent: 'Спасибо! Заявка отправлена, с Вами свяжутся в течение 10 минут в рабочее время.',
    page: {
      heading: 'Согласие на обработку персональных данных',
      // The default server is built with a seller and a sales address (tests/support/company.mjs): the seller is the operator.
      operator: `Оператор персональных данных — ${COMPANY.SELLER_NAME} (ИНН ${COMPANY.SELLER_INN}`,
      sections: ['Оператор', 'Какие данные', 'Цели обработки', 'Действия с данными', 'Срок действия и отзыв'],
      data: ['фамилия и имя', 'номер телефона', 'адрес электронной почты'],
      purpose: 'ответить на ваше обращение, связаться с вами по телефону или электронной почте',
      actions: /Сбор, запись, систематизация, накопление, хранение/,
      term: 'Согласие действует до достижения целей обработки, но не дольше трёх лет с даты его предоставления, либо до его отзыва.',
      withdraw: `Отозвать согласие можно в любой момент письмом на адрес ${COMPANY.CONTACT_EMAIL}.`,
      version: `Редакция от ${CONSENT_VERSION}.`,
    },
  },
  en: {
    buy: 'Buy',
    demo: 'Order a demo',
    orderDemo: 'Order a demo',
    contacts: 'Contact',
    feedback: 'Feedback',
    signIn: 'Sign in',
    authTitle: 'To proceed to payment, please sign in',
    register: 'Register',
    name: 'Name',
    phone: 'Phone',
    email: 'E-mail',
    phoneDigits: '+79123456789',
    leadClient1: 'To buy or view the catalogue',
    orderClient1: 'Auto business representative',
    sendLead: 'Send request',
    sendFeedback: 'Send',
    country: 'Country',
    countryValue: 'Russia',
    support: 'Technical support',
    message: 'Message',
    registration: { surname: 'Surname', firstName: 'First name', firm: 'Organisation name', city: 'City', password: 'Password', password2: 'Repeat password' },
    orderSent: 'Thank you! Your request has been sent. We will contact you within 10 minutes during business hours.',
    page: {
      heading: 'Consent to the processing of personal data',
      operator: `The operator of the personal data is ${COMPANY.SELLER_NAME} (INN ${COMPANY.SELLER_INN}`,
      sections: ['Operator', 'Which data', 'Purposes', 'What is done with the data', 'Term and withdrawal'],
      data: ['surname and first name', 'phone number', 'e-mail address'],
      purpose: 'to answer your request and contact you by phone or e-mail',
      actions: /Collection, recording, organisation, accumulation, storage/,
      term: 'The consent is valid until the purposes are reached, but no longer than three years from the day it was given, or until you withdraw it.',
      withdraw: `You can withdraw your consent at any time by e-mail to ${COMPANY.CONTACT_EMAIL}.`,
      version: `Version of ${CONSENT_VERSION}.`,
    },
  },
} as const;

/** A form that collects personal data: where it is, how it opens, what a person fills in. */
interface LeadForm {
  name: string;
  /** The API path it posts to (mocked: nothing here reaches the server). */
  api: (locale: Locale) => string;
  /** Opens the form as a visitor does; gives back the form's scope (a dialog, or the page's main). */
  open: (page: Page, locale: Locale) => Promise<Locator>;
  /** Fills every field but the consent, validly. */
  fill: (scope: Locator, locale: Locale) => Promise<void>;
  send: (locale: Locale) => string;
}

async function openDialog(page: Page, path: string, trigger: (page: Page) => Locator, title: string) {
  await page.goto(path);
  await hostReady(page);
  await trigger(page).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillLead(scope: Locator, locale: Locale) {
  const x = texts[locale];
  await scope.getByRole('textbox', { name: x.name, exact: true }).fill('ООО Ромашка');
  await scope.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
  await scope.getByRole('textbox', { name: x.email, exact: true }).fill('buyer@example.com');
  await scope.getByRole('radio', { name: x.leadClient1 }).check();
}

async function fillRegistration(scope: Locator, locale: Locale) {
  const x = texts[locale];
  const r = x.registration;
  const field = (label: string) => scope.getByLabel(label, { exact: true }).filter({ visible: true });
  await field(x.email).fill(`consent-${Date.now()}@example.com`);
  await field(x.phone).pressSequentially(x.phoneDigits);
  await field(r.surname).fill('Петров');
  await field(r.firstName).fill('Иван');
  await field(r.firm).fill('ООО Ромашка');
  await scope.getByRole('combobox', { name: x.country, exact: true }).selectOption(x.countryValue);
  await field(r.city).fill('Москва');
  await field(r.password).fill('secret-pw-123');
  await field(r.password2).fill('secret-pw-123');
}

const forms: LeadForm[] = [
  ...(['buy', 'demo'] as const).map(
    (kind): LeadForm => ({
      name: `${kind} dialog`,
      api: () => 'api/telega/send-mail',
      open: (page, locale) => openDialog(page, `/${locale}`, (p) => p.getByRole('main').getByRole('link', { name: texts[locale][kind], exact: true }).first(), texts[locale][kind]),
      fill: fillLead,
      send: (locale) => texts[locale].sendLead,
    }),
  ),
  {
    name: 'feedback dialog',
    api: () => 'api/telega/send',
    open: (page, locale) => openDialog(page, `/${locale}`, (p) => p.getByRole('banner').getByRole('link', { name: texts[locale].contacts }).first(), texts[locale].feedback),
    fill: async (scope, locale) => {
      const x = texts[locale];
      await scope.getByRole('combobox', { name: x.country, exact: true }).selectOption(x.countryValue);
      await scope.getByRole('radio', { name: x.support }).check();
      await scope.getByRole('textbox', { name: x.name, exact: true }).fill('Иван Петров');
      await scope.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
      await scope.getByRole('textbox', { name: x.email, exact: true }).fill('ivan@example.com');
      await scope.getByRole('textbox', { name: x.message, exact: true }).fill('Нужен доступ к каталогу');
    },
    send: (locale) => texts[locale].sendFeedback,
  },
  {
    name: 'order modal',
    api: (locale) => `${locale}/services/order-send`,
    open: (page, locale) => openDialog(page, `/${locale}/epc`, (p) => p.getByRole('main').getByRole('link', { name: texts[locale].orderDemo, exact: true }).first(), texts[locale].orderDemo),
    fill: async (scope, locale) => {
      const x = texts[locale];
      await scope.getByRole('textbox', { name: x.name, exact: true }).fill('Пётр');
      await scope.getByRole('textbox', { name: x.phone, exact: true }).pressSequentially(x.phoneDigits);
      await scope.getByRole('radio', { name: x.orderClient1 }).check();
    },
    send: (locale) => texts[locale].sendLead,
  },
  {
    name: 'registration in the auth dialog',
    api: () => 'api/auth/registration',
    open: async (page, locale) => {
      const dialog = await openDialog(page, `/${locale}/about`, (p) => p.getByRole('banner').getByRole('link', { name: texts[locale].signIn }), texts[locale].authTitle);
      await dialog.getByRole('button', { name: texts[locale].register }).click();
      return dialog;
    },
    fill: fillRegistration,
    send: (locale) => texts[locale].register,
  },
  {
    name: 'registration on the sign-in page',
    api: () => 'api/auth/registration',
    open: async (page, locale) => {
      await page.goto(`/${locale}/auth/sign`);
      await hostReady(page);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: texts[locale].register }).click();
      await expect(main.getByRole('heading', { name: locale === 'ru' ? 'Регистрация' : 'Registration' })).toBeVisible();
      return main;
    },
    fill: fillRegistration,
    send: (locale) => texts[locale].register,
  },
];

/** Tabs from the form's first field until the focus is on `target` (a person's way there by keyboard). */
async function tabTo(page: Page, scope: Locator, target: Locator) {
  await scope.locator('input:not([type=hidden]):not([tabindex="-1"]), select, textarea').filter({ visible: true }).first().focus();
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the consent box was not reached with Tab');
}

/** The consent's link: the consent page, in a new tab, leaving the form as it was. */
async function expectConsentLink(page: Page, scope: Locator, locale: Locale) {
  const link = scope.getByRole('link', { name: `${CONSENT[locale].link} ${CONSENT[locale].newTab}`, exact: true });
  await expect(link).toHaveAttribute('href', `/${locale}/about/consent`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  return link;
}

async function expectConsentPageIn(tab: Page, locale: Locale) {
  await expect(tab).toHaveURL(new RegExp(`/${locale}/about/consent$`));
  await expect(tab.getByRole('heading', { level: 1, name: texts[locale].page.heading })).toBeVisible();
}

/** The consent error under the box: named as the box's description, and below it on the screen. */
async function expectConsentError(scope: Locator, locale: Locale) {
  const box = consentBox(scope, locale);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(CONSENT[locale].required);
  const error = scope.getByText(CONSENT[locale].required, { exact: true });
  await expect(error).toBeVisible();
  const [boxAt, errorAt] = [(await box.boundingBox())!, (await error.boundingBox())!];
  expect(errorAt.y).toBeGreaterThanOrEqual(boxAt.y + boxAt.height);
}

for (const locale of ['ru', 'en'] as const) {
  test.describe(`consent on every form (${locale})`, () => {
    for (const form of forms) {
      test(`${form.name}: an unticked, labelled, keyboard-reachable box; no send without it, one send with it`, async ({ page, context }) => {
        const api = await mockApi(page, form.api(locale), { status: 422, json: { errors: ['Stand-in refusal'] } });
        const scope = await form.open(page, locale);

        const box = consentBox(scope, locale);
        await expect(box).toBeVisible();
        await expect(box).toHaveAccessibleName(CONSENT[locale].label);
        await expect(box).not.toBeChecked();
        await expect(box).toHaveAttribute('required', '');
        await expect(box).toHaveAttribute('name', 'consent');

        // By keyboard: Tab reaches it, Space ticks and unticks it.
        await tabTo(page, scope, box);
        await page.keyboard.press('Space');
        await expect(box).toBeChecked();
        await page.keyboard.press('Space');
        await expect(box).not.toBeChecked();

        // The consent text opens in a new tab; the form stays where it was.
        const link = await expectConsentLink(page, scope, locale);
        const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await expectConsentPageIn(tab, locale);
        await tab.close();
        await expect(box).toBeVisible();

        // Everything else filled in, the box left empty: the reason under it, nothing sent.
        await form.fill(scope, locale);
        await scope.getByRole('button', { name: form.send(locale), exact: true }).click();
        await expectConsentError(scope, locale);
        await expect(box).toBeFocused();
        expect(api.requests).toHaveLength(0);

        // Ticked (by its label, as a person does): the reason goes, and the form is sent once.
        await giveConsent(scope, locale);
        await expect(box).not.toHaveAttribute('aria-invalid', 'true');
        await expect(scope.getByText(CONSENT[locale].required, { exact: true })).toHaveCount(0);
        await scope.getByRole('button', { name: form.send(locale), exact: true }).click();
        await expect.poll(() => api.requests.length).toBe(1);
        expect(api.bodies()[0]).toMatchObject({ consent: 'on' });
        await expect(scope.getByRole('button', { name: form.send(locale), exact: true })).toBeEnabled();
        expect(api.requests).toHaveLength(1);
      });
    }
  });

  test.describe(`consent on the product page's form without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the box is there, unticked and required; the form cannot be sent without it, and goes with it', async ({ page }) => {
      const x = texts[locale];
      await ownAddress(page);
      await page.goto(`/${locale}/epc`);
      const form = page.locator('#order form');
      const box = consentBox(form, locale);
      await expect(box).toBeVisible();
      await expect(box).toHaveAccessibleName(CONSENT[locale].label);
      await expect(box).not.toBeChecked();
      await expect(box).toHaveAttribute('required', '');
      await tabTo(page, form, box);
      await expectConsentLink(page, form, locale);

      const posts: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request);
      });
      await form.getByRole('textbox', { name: x.name, exact: true }).fill('Пётр Иванов');
      await form.getByRole('textbox', { name: x.phone, exact: true }).fill('+7 912 345-67-89');
      await form.getByRole('radio', { name: x.orderClient1 }).check();
      await form.locator('button[name=btn_type][value=btn_demo]').click();
      // The browser keeps the page: the box is the one field it refuses.
      expect(await box.evaluate((element: HTMLInputElement) => element.validity.valueMissing)).toBe(true);
      expect(await form.evaluate((element: HTMLFormElement) => [...element.elements].filter((field) => !(field as HTMLInputElement).checkValidity()).map((field) => (field as HTMLInputElement).name))).toEqual(['consent']);
      // Give a navigation, had there been one, the time to start.
      await page.waitForTimeout(500);
      expect(posts).toHaveLength(0);
      await expect(page).toHaveURL(new RegExp(`/${locale}/epc$`));

      await giveConsent(form, locale);
      await form.locator('button[name=btn_type][value=btn_demo]').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/epc\\?order=sent#order$`));
      await expect(page.locator('#order').getByText(x.orderSent)).toBeVisible();
      expect(posts).toHaveLength(1);
      expect(posts[0]!.postData()).toContain('consent=on');
    });
  });

  test(`the consent page names the operator, purposes, data, actions, term, withdrawal and version (${locale})`, async ({ page }) => {
    const p = texts[locale].page;
    const response = await page.goto(`/${locale}/about/consent`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    for (const section of p.sections) await expect(main.getByRole('heading', { name: section, exact: true })).toBeVisible();
    await expect(main.getByText(p.operator)).toBeVisible();
    for (const item of p.data) await expect(main.getByText(item, { exact: true })).toBeVisible();
    await expect(main.getByText(p.purpose, { exact: true })).toBeVisible();
    await expect(main.getByText(p.actions)).toBeVisible();
    await expect(main.getByText(p.term, { exact: true })).toBeVisible();
    await expect(main.getByText(p.withdraw)).toBeVisible();
    await expect(main.getByText(p.version)).toBeVisible();
    // Linked from every page's footer.
    await expect(page.getByRole('contentinfo').locator(`a[href="/${locale}/about/consent"]`).first()).toBeVisible();
  });
}
