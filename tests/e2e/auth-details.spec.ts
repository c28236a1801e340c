import type { Locator, Page } from '@playwright/test';
import { expect, test, type Visitor } from './fixtures';
import { giveConsent, hostReady, openAuthDialog } from './dialogs-support';

/**
 * No stale red error once a login or a reminder has succeeded; registration
 * preselects the visitor's country (Russia for a visitor in Russia); a registration sent
 * incomplete shows every field's error at once, each by its field.
 */

const texts = {
  ru: {
    loginButton: 'Войти',
    title: 'Для перехода к оплате, пройдите авторизацию',
    password: 'Пароль',
    forgot: 'Забыл пароль',
    remindSend: 'Выслать новый пароль',
    remindDone: 'На Ваш e-mail выслан новый пароль для входа',
    register: 'Зарегистрироваться',
    country: 'Страна',
    russia: 'Россия',
    labels: { email: 'E-mail', phone: 'Телефон', name_i: 'Имя', firm_name: 'Название организации', city_name: 'Город', pw: 'Пароль', pw2: 'Повторите пароль' },
    passwordsDiffer: 'Пароли не совпадают',
    consentRequired: 'Поставьте отметку о согласии',
  },
  en: {
    loginButton: 'Sign in',
    title: 'To proceed to payment, please sign in',
    password: 'Password',
    forgot: 'Forgot password',
    remindSend: 'Send a new password',
    remindDone: 'A new password for signing in has been sent to your e-mail',
    register: 'Register',
    country: 'Country',
    russia: 'Russia',
    labels: { email: 'E-mail', phone: 'Phone', name_i: 'First name', firm_name: 'Organisation name', city_name: 'City', pw: 'Password', pw2: 'Repeat password' },
    passwordsDiffer: 'The passwords do not match',
    consentRequired: 'Please tick the consent',
  },
} as const;
type Locale = keyof typeof texts;

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
const PASSWORD = 'e2e details password';

async function openAuth(page: Page, locale: Locale) {
  return openAuthDialog(page, locale, texts[locale]);
}

const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true }).filter({ visible: true });
const redErrors = (page: Page) => page.locator('[data-snackbar-item][data-type="error"]');

test.describe('login and reminder leave no stale error', () => {
  // Passwords are hashed for real (slowly on a busy machine) and the clock runs in steps.
  test.describe.configure({ timeout: 90_000 });
  for (const locale of ['ru', 'en'] as const) {
    const x = texts[locale];

    /** An account of its own, registered through the API from an address of its own (the limits count per address). */
    async function account(page: Page) {
      const email = `details-${locale}-${run}-${random(0, 1e6)}@example.com`;
      const address = `198.18.${random(1, 250)}.${random(1, 250)}`;
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': address });
      const answer = await page.request.post('/api/auth/registration', {
        headers: { 'Accept-Language': locale, 'X-Forwarded-For': address },
        data: { email, phone: '+79123456789', pw: PASSWORD, pw2: PASSWORD, name_i: 'Анна', name_f: '', firm_name: 'E2E Details', country_name: x.russia, city_name: 'Тверь', consent: 'on' },
      });
      expect(answer.status()).toBe(200);
      return email;
    }

    /**
     * A refused login, its red error shown, sent with the page's clock stopped, so that the error's
     * own 5 s cannot take it away while the test looks (the machine may be slow): only what the
     * next answer does can.
     */
    async function wrongLogin(page: Page, dialog: Locator, email: string) {
      await page.clock.install();
      await page.reload();
      await hostReady(page);
      await page.getByRole('banner').getByRole('link', { name: x.loginButton }).click();
      await field(dialog, 'E-mail').pressSequentially(email);
      await field(dialog, x.password).pressSequentially('not the password');
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      await dialog.getByRole('button', { name: x.loginButton, exact: true }).click();
      await runUntil(page, async () => (await redErrors(page).count()) === 1);
    }

    /**
     * Lets the stopped clock run in small steps (the API client waits 200 ms at least) until `done`:
     * 20 ms of the page's time per 100 ms of the test's (the server hashes passwords, slowly on a
     * busy machine), at most 2 s of the page's, well short of the error's 5 s.
     */
    async function runUntil(page: Page, done: () => Promise<boolean>) {
      for (let step = 0; step < 100 && !(await done()); step++) {
        await page.waitForTimeout(100);
        await page.clock.runFor(20);
      }
      expect(await done()).toBe(true);
    }

    test(`a wrong password, then the right one: no red error left (${locale})`, async ({ page }) => {
      const email = await account(page);
      // The account page answers 204, so the page stays to be looked at after the hand-over.
      await page.route(`**/${locale}/auth/account`, (route) => route.fulfill({ status: 204 }));
      const dialog = await openAuth(page, locale);
      await wrongLogin(page, dialog, email);
      await field(dialog, x.password).fill('');
      await field(dialog, x.password).pressSequentially(PASSWORD);
      await dialog.getByRole('button', { name: x.loginButton, exact: true }).click();
      await runUntil(page, async () => (await page.evaluate(() => localStorage.getItem('epc_token'))) !== null);
      expect(await redErrors(page).count()).toBe(0);
      await expect(field(dialog, x.password)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.locator('form p[role="status"].text-red-700')).toHaveCount(0);
    });

    // The reminder confirms itself in the dialog (one confirmation a send), and nothing red stays beside it.
    test(`a wrong password, then a reminder: the confirmation stands alone (${locale})`, async ({ page }) => {
      const email = await account(page);
      const dialog = await openAuth(page, locale);
      await wrongLogin(page, dialog, email);
      await dialog.getByRole('button', { name: x.forgot }).click();
      await field(dialog, 'E-mail').pressSequentially(email);
      await dialog.getByRole('button', { name: x.remindSend }).click();
      await runUntil(page, () => dialog.getByText(x.remindDone).first().isVisible());
      expect(await redErrors(page).count()).toBe(0);
      await expect(page.locator('[data-snackbar-item][data-type="success"]')).toHaveCount(0);
    });
  }
});

async function openRegistration(page: Page, locale: Locale) {
  const dialog = await openAuth(page, locale);
  await dialog.getByRole('button', { name: texts[locale].register }).click();
  await expect(dialog.locator('[data-auth-panel="registration"]')).toBeVisible();
  return dialog;
}

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];

  test.describe(`registration, visitor in Russia (${locale})`, () => {
    test.use({ visitor: 'russia' as Visitor });
    test.beforeEach(async ({ context }) => {
      // The registration limit counts per address: an address of Russia's (77.88.x.x in the GeoIP data) for each test.
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `77.88.${random(10, 60)}.${random(1, 254)}` });
    });

    test('Russia is chosen for the visitor, in the dialog and on the sign-in page', async ({ page }) => {
      const dialog = await openRegistration(page, locale);
      await expect(dialog.getByRole('combobox', { name: x.country, exact: true })).toHaveValue(x.russia);
      await page.goto(`/${locale}/auth/sign`);
      await hostReady(page);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: x.register }).click();
      await expect(main.getByRole('combobox', { name: x.country, exact: true })).toHaveValue(x.russia);
    });

    test('sent empty, then half filled: every field shows its error at once, by the field', async ({ page }) => {
      const dialog = await openRegistration(page, locale);
      const panel = dialog.locator('[data-auth-panel="registration"]');
      const send = panel.getByRole('button', { name: x.register, exact: true });
      await send.click();
      for (const label of Object.values(x.labels)) {
        await expect(field(panel, label), label).toHaveAttribute('aria-invalid', 'true');
        await expect(field(panel, label), label).toHaveAccessibleDescription(/\S/);
      }
      await expect(panel.getByText(x.consentRequired)).toBeVisible();

      // Half filled, the passwords differing: the rest's errors and the passwords' together.
      await field(panel, x.labels.email).pressSequentially(`half-${locale}-${run}@example.com`);
      await field(panel, x.labels.name_i).pressSequentially('Анна');
      await field(panel, x.labels.pw).pressSequentially(PASSWORD);
      await field(panel, x.labels.pw2).pressSequentially(`${PASSWORD} 2`);
      await giveConsent(panel, locale);
      await send.click();
      await expect(field(panel, x.labels.pw2)).toHaveAccessibleDescription(x.passwordsDiffer);
      for (const label of [x.labels.phone, x.labels.firm_name, x.labels.city_name]) await expect(field(panel, label), label).toHaveAttribute('aria-invalid', 'true');
      for (const label of [x.labels.email, x.labels.name_i, x.labels.pw]) await expect(field(panel, label), label).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('the server answers every field\'s error at once too', async ({ page }) => {
      const answer = await page.request.post('/api/auth/registration', {
        headers: { 'Accept-Language': locale },
        data: { email: `server-${run}@example.com`, pw: PASSWORD, pw2: `${PASSWORD} 2`, name_i: 'Анна', consent: 'on' },
      });
      expect(answer.status()).toBe(400);
      const { errorsFld } = await answer.json();
      expect(Object.keys(errorsFld).sort()).toEqual(['city_name', 'country_name', 'firm_name', 'phone', 'pw2']);
      expect(errorsFld.pw2).toBe(x.passwordsDiffer);
    });
  });
}
