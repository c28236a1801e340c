import { expect, test } from './fixtures';

/** The built-in account page: shows the stored token's account, signs out, never adopts a token from the URL. */
for (const locale of ['ru', 'en'] as const) {
  test(`account page shows the registered account and signs out (${locale})`, async ({ page, request }) => {
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
    const { result } = await registration.json();
    expect(result.redirect).toBe(`/${locale}/auth/account`);

    // The sign-in form stores the token before it leaves; so does this test.
    await page.goto(`/${locale}/auth/sign`);
    await page.evaluate((token) => localStorage.setItem('epc_token', token), result.token);
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
}
