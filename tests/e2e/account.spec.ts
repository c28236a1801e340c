import type { APIRequestContext, Page } from '@playwright/test';
import { ORDER } from '../support/seller.mjs';
import { expect, test } from './fixtures';

/** A new account, registered through the API as the site's form does: its e-mail and what the registration answered. */
async function register(request: APIRequestContext, locale: 'ru' | 'en') {
  const email = `e2e-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registration = await request.post('/api/auth/registration', {
    headers: { 'Accept-Language': locale, 'X-Forwarded-For': `198.18.0.${Math.floor(Math.random() * 250) + 1}` },
    data: {
      email,
      phone: '+79123456789',
      pw: 'e2e password 123',
      pw2: 'e2e password 123',
      name_i: 'Анна',
      name_f: 'Смирнова',
      firm_name: 'E2E Motors',
      country_name: 'Россия',
      city_name: 'Тверь',
      consent: 'on',
    },
  });
  expect(registration.status()).toBe(200);
  const { result } = (await registration.json()) as { result: { token: string; redirect: string } };
  return { email, ...result };
}

/** The sign-in form stores the token before it leaves; so do these tests. */
async function storeToken(page: Page, locale: 'ru' | 'en', token: string) {
  await page.goto(`/${locale}/auth/sign`);
  await page.evaluate((value) => localStorage.setItem('epc_token', value), token);
}

/** The built-in account page: shows the stored token's account, signs out, never adopts a token from the URL. */
for (const locale of ['ru', 'en'] as const) {
  test(`account page shows the registered account and signs out (${locale})`, async ({ page, request }) => {
    const { email, ...result } = await register(request, locale);
    expect(result.redirect).toBe(`/${locale}/auth/account`);
    await storeToken(page, locale, result.token);
    await page.goto(result.redirect);
    await expect(page.getByText('E2E Motors')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account$`));

    // The address is not confirmed yet: the page says so and sends the link again.
    await expect(page.getByText(locale === 'ru' ? 'Ваш адрес e-mail ещё не подтверждён' : 'Your e-mail address is not confirmed yet')).toBeVisible();
    await page.getByRole('button', { name: locale === 'ru' ? 'Отправить ссылку ещё раз' : 'Send the link again' }).click();
    await expect(page.getByRole('status').filter({ hasText: locale === 'ru' ? 'Новая ссылка для подтверждения отправлена' : 'A new confirmation link has been sent' })).toBeVisible();

    await page.getByRole('button', { name: locale === 'ru' ? 'Выйти' : 'Sign out' }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${result.token}` } });
    expect(me.status()).toBe(401);
  });

  test(`a token planted in the account page's address is not taken, and leaves the address (${locale})`, async ({ page }) => {
    let asked = false;
    await page.route('**/api/auth/me', (route) => ((asked = true), route.fulfill({ status: 401, json: {} })));
    await page.goto(`/${locale}/auth/account?token=someone-elses-valid-token`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/sign\\?message=session$`));
    expect(asked).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('epc_token'))).toBeNull();
  });

  test(`account page without a session goes to sign-in (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}/auth/account`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/sign\\?message=session$`));
  });

  test(`the partner area's pages start their reads as the document is parsed, before their scripts, and make each once (${locale})`, async ({ page, request }) => {
    const { token } = await register(request, locale);
    const issued = await request.post('/api/invoices', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale }, data: ORDER });
    expect(issued.status()).toBe(200);
    const { invoice } = (await issued.json()).result as { invoice: { id: string; number: string } };
    await storeToken(page, locale, token);
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) reads.push(pathname);
    });
    const pages = [
      { path: `/${locale}/auth/account`, shown: 'E2E Motors', reads: ['/api/auth/me', '/api/invoices', '/api/subscriptions'] },
      { path: `/${locale}/auth/account/invoices/${invoice.id}`, shown: invoice.number, reads: [`/api/invoices/${invoice.id}`] },
    ];
    for (const { path, shown, reads: expected } of pages) {
      reads.length = 0;
      await page.goto(path);
      await expect(page.getByText(shown).first()).toBeVisible();
      const started = await page.evaluate((ownReads) => {
        const entries = performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime }));
        return { read: Math.max(...entries.filter((entry) => ownReads.includes(entry.path)).map((entry) => entry.at)), script: Math.min(...entries.filter((entry) => entry.path.startsWith('/_next/static/chunks/')).map((entry) => entry.at)) };
      }, expected);
      // The last of the page's reads started before the first of its scripts was asked for.
      expect(started.read, path).toBeLessThan(started.script);
      expect(reads.filter((read) => expected.includes(read)).sort(), path).toEqual([...expected].sort());
    }
  });
}
