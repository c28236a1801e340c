import { expect, test } from './fixtures';

/** The built-in account page: takes the token from the URL, shows the account, signs out. */
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
      },
    });
    expect(registration.status()).toBe(200);
    const { result } = await registration.json();
    expect(result.redirect).toBe(`/${locale}/auth/account?token=${result.token}`);

    await page.goto(result.redirect);
    await expect(page.getByText('E2E Motors')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account$`));

    await page.getByRole('button', { name: locale === 'ru' ? 'Выйти' : 'Sign out' }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${result.token}` } });
    expect(me.status()).toBe(401);
  });

  test(`account page without a session goes to sign-in (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}/auth/account`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/auth/sign\\?message=session$`));
  });
}
