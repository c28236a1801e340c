import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, goals, hostReady, mockApi, openAuthDialog, stubMetrica } from './dialogs-support';

const texts = {
  ru: {
    loginButton: 'Войти',
    title: 'Для перехода к оплате, пройдите авторизацию',
    email: 'E-mail',
    password: 'Пароль',
    forgot: 'Забыл пароль',
    remindHeading: 'Вспомнить пароль',
    remindSend: 'Выслать новый пароль',
    remindDone: 'На Ваш e-mail выслан новый пароль для входа',
    back: 'Вход',
    register: 'Зарегистрироваться',
    registrationHeading: 'Регистрация',
    labels: ['E-mail', 'Телефон', 'Фамилия', 'Имя', 'Название организации', 'Город', 'Пароль', 'Повторите пароль'],
    country: 'Страна',
    countryValue: 'Россия',
    sessionExpired: 'Срок действия сессии истёк. Войдите снова.',
    phoneDigits: '9123456789',
  },
  en: {
    loginButton: 'Sign in',
    title: 'To proceed to payment, please sign in',
    email: 'E-mail',
    password: 'Password',
    forgot: 'Forgot password',
    remindHeading: 'Recover password',
    remindSend: 'Send a new password',
    remindDone: 'A new password for signing in has been sent to your e-mail',
    back: 'Sign in',
    register: 'Register',
    registrationHeading: 'Registration',
    labels: ['E-mail', 'Phone', 'Surname', 'First name', 'Organisation name', 'City', 'Password', 'Repeat password'],
    country: 'Country',
    countryValue: 'Russia',
    sessionExpired: 'Your session has expired. Please sign in again.',
    phoneDigits: '+79123456789',
  },
} as const;
type Locale = keyof typeof texts;

async function openAuth(page: Page, locale: Locale) {
  await stubMetrica(page);
  return openAuthDialog(page, locale, texts[locale]);
}

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];
  test.describe(`auth dialog (${locale})`, () => {
    test('login hands the token over to the account page', async ({ page }) => {
      const api = await mockApi(page, 'api/auth/auth', { status: 200, json: { result: { token: 'tok-123' } } });
      const handedOver = page.waitForRequest((request) => new URL(request.url()).pathname === `/${locale}/auth/account` && !request.url().includes('token'));
      // The account page asks who the token belongs to; this stand-in answers for it.
      await page.route('**/api/auth/me', (route) =>
        route.fulfill({ json: { result: { user: { email: 'user@example.com', name_i: 'Ivan', name_f: '', firm_name: 'Romashka', phone: '+79123456789', country_name: 'RU', city_name: 'Moscow' } } } }),
      );
      const dialog = await openAuth(page, locale);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('user@example.com');
      await dialog.getByLabel(x.password, { exact: true }).filter({ visible: true }).fill('secret-pw');
      await dialog.getByRole('button', { name: x.loginButton, exact: true }).click();
      await handedOver;
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account`));
      expect(api.bodies()[0]).toEqual({ email: 'user@example.com', pw: 'secret-pw', website: '' });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('epc_token'))).toBe('tok-123');
    });

    test('a refused login shows the message under the field and in the snackbar', async ({ page }) => {
      await mockApi(page, 'api/auth/auth', { status: 400, json: { errors: ['Wrong e-mail or password'], errorsFld: { pw: 'Wrong password' } } });
      const dialog = await openAuth(page, locale);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('user@example.com');
      await dialog.getByLabel(x.password, { exact: true }).filter({ visible: true }).fill('bad');
      await dialog.getByRole('button', { name: x.loginButton, exact: true }).click();
      await expect(dialog.getByLabel(x.password, { exact: true }).filter({ visible: true })).toHaveAccessibleDescription('Wrong password');
      const toast = page.locator('[data-snackbar-item]').filter({ hasText: 'Wrong e-mail or password' });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveAttribute('data-type', 'error');
      // the snackbar closes by its button without closing the dialog
      await toast.getByRole('button').click();
      await expect(toast).toBeHidden();
      await expect(dialog).toBeVisible();
    });

    test('remind: via Забыл пароль, confirmation, and back to login', async ({ page }) => {
      const api = await mockApi(page, 'api/auth/remind', { status: 200, json: { result: { success: true } } });
      const dialog = await openAuth(page, locale);
      await dialog.getByRole('button', { name: x.forgot }).click();
      await expect(dialog.getByRole('heading', { name: x.remindHeading })).toBeFocused();
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('user@example.com');
      await dialog.getByRole('button', { name: x.remindSend }).click();
      await expect(dialog.getByText(x.remindDone)).toBeVisible();
      expect(api.bodies()[0]).toEqual({ email: 'user@example.com', website: '' });
      await dialog.getByRole('button', { name: x.back, exact: true }).click();
      await expect(dialog.getByLabel(x.password, { exact: true }).filter({ visible: true })).toBeVisible();
    });

    test('registration: a visible link, every field, goals on open, send and error', async ({ page }) => {
      const api = await mockApi(
        page,
        'api/auth/registration',
        { status: 409, json: { errors: ['Already registered'], errorsFld: { email: 'This e-mail is taken' } } },
        { status: 200, json: { result: { token: 'new-token', redirect: `/${locale}/about` } } },
      );
      const dialog = await openAuth(page, locale);
      await dialog.getByRole('button', { name: x.register }).click();
      await expect(dialog.getByRole('heading', { name: x.registrationHeading })).toBeVisible();
      expect(await goals(page)).toEqual(['auth_registration']);
      for (const label of x.labels) await expect(dialog.getByLabel(label, { exact: true }).filter({ visible: true })).toBeVisible();
      await expect(dialog.getByRole('combobox', { name: x.country, exact: true })).toBeVisible();
      await dialog.getByLabel('E-mail', { exact: true }).filter({ visible: true }).fill('new@example.com');
      await dialog.getByLabel(x.labels[1], { exact: true }).filter({ visible: true }).pressSequentially(x.phoneDigits);
      await dialog.getByLabel(x.labels[2], { exact: true }).filter({ visible: true }).fill('Петров');
      await dialog.getByLabel(x.labels[3], { exact: true }).filter({ visible: true }).fill('Иван');
      await dialog.getByLabel(x.labels[4], { exact: true }).filter({ visible: true }).fill('ООО Ромашка');
      await dialog.getByRole('combobox', { name: x.country, exact: true }).selectOption(x.countryValue);
      await dialog.getByLabel(x.labels[5], { exact: true }).filter({ visible: true }).fill('Москва');
      await dialog.getByLabel(x.labels[6], { exact: true }).filter({ visible: true }).fill('secret-pw');
      await dialog.getByLabel(x.labels[7], { exact: true }).filter({ visible: true }).fill('secret-pw');
      await giveConsent(dialog, locale);
      await dialog.getByRole('button', { name: x.register, exact: true }).click();
      await expect(dialog.getByLabel('E-mail', { exact: true }).filter({ visible: true })).toHaveAccessibleDescription('This e-mail is taken');
      expect(await goals(page)).toEqual(['auth_registration', 'auth_registration_send', 'auth_registration_send_error']);
      expect(api.bodies()[0]).toEqual({
        email: 'new@example.com',
        phone: '+79123456789',
        // the phone field's country beside it (src/components/dialogs/phone-field.tsx)
        phone_country: 'RU',
        pw: 'secret-pw',
        pw2: 'secret-pw',
        name_f: 'Петров',
        name_i: 'Иван',
        firm_name: 'ООО Ромашка',
        country_name: x.countryValue,
        city_name: 'Москва',
        website: '',
        consent: 'on',
        url: `/${locale}/about`,
      });
      await dialog.getByRole('button', { name: x.register, exact: true }).click();
      // the server's redirect wins over the account page
      await expect(page).toHaveURL(new RegExp(`/${locale}/about$`));
    });

    test('401: the token is cleared and the visitor lands on the sign-in page told the session expired', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('epc_token', 'stale'));
      const api = await mockApi(page, 'api/auth/auth', { status: 401, json: { errors: ['Unauthorized'] } });
      const dialog = await openAuth(page, locale);
      await dialog.getByRole('textbox', { name: x.email, exact: true }).fill('user@example.com');
      await dialog.getByLabel(x.password, { exact: true }).filter({ visible: true }).fill('secret-pw');
      await dialog.getByRole('button', { name: x.loginButton, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/sign\\?message=session$`));
      expect(api.requests[0]!.headers()['authorization']).toBe('Bearer stale');
      await expect(page.getByText(x.sessionExpired)).toBeVisible();
      // the stored token is gone (the init script stores it again on each load, so ask the page before it ran)
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: x.back === 'Вход' ? 'Вход' : 'Sign in', exact: true })).toBeVisible();
    });

    test('the sign-in page offers login, remind and registration as a page', async ({ page }) => {
      await page.goto(`/${locale}/auth/sign`);
      const main = page.getByRole('main');
      await expect(main.getByLabel(x.password, { exact: true }).filter({ visible: true })).toBeVisible();
      await main.getByRole('button', { name: x.forgot }).click();
      await expect(main.getByRole('heading', { name: x.remindHeading })).toBeVisible();
      await main.getByRole('button', { name: x.back, exact: true }).click();
      await main.getByRole('button', { name: x.register }).click();
      await expect(main.getByRole('heading', { name: x.registrationHeading })).toBeVisible();
    });

    test('the sign-in page says the session ended from its first paint: the form under the notice never moves', async ({ page }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      await page.addInitScript(() => {
        const w = window as Window & { __shifted?: number; __noticeAtPaint?: boolean };
        w.__shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__shifted! += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        // Whether the notice was shown when the page was first painted.
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          const notice = document.querySelector('[data-session-notice]');
          w.__noticeAtPaint = !!notice && getComputedStyle(notice).display !== 'none';
        }).observe({ type: 'paint', buffered: true });
      });
      await page.goto(`/${locale}/auth/sign?message=session`);
      const main = page.getByRole('main');
      await expect(main.getByText(x.sessionExpired)).toBeVisible();
      await expect(main.getByLabel(x.password, { exact: true }).filter({ visible: true })).toBeVisible();
      // The first interaction starts the page's scripts, which hydrate the form: nothing moves then either.
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => (window as Window & { __epcBooted?: boolean }).__epcBooted === true)).toBe(true);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as Window & { __noticeAtPaint?: boolean }).__noticeAtPaint)).toBe(true);
      expect(await page.evaluate(() => (window as Window & { __shifted?: number }).__shifted)).toBe(0);

      // Without the message the notice is not there, for eyes or screen readers.
      await page.goto(`/${locale}/auth/sign`);
      await expect(main.getByLabel(x.password, { exact: true }).filter({ visible: true })).toBeVisible();
      await expect(main.getByText(x.sessionExpired)).toBeHidden();
      await expect(main.getByRole('status').filter({ hasText: x.sessionExpired })).toHaveCount(0);
    });
  });
}

test('a 401 clears the stored token', async ({ page }) => {
  await page.goto('/en/about');
  await page.evaluate(() => localStorage.setItem('epc_token', 'stale'));
  await mockApi(page, 'api/auth/remind', { status: 401, json: {} });
  await hostReady(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password' }).click();
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('user@example.com');
  await dialog.getByRole('button', { name: 'Send a new password' }).click();
  await expect(page).toHaveURL(/\/en\/auth\/sign\?message=session$/);
  expect(await page.evaluate(() => localStorage.getItem('epc_token'))).toBeNull();
});
