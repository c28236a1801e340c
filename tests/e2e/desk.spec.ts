import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { DESK_TEXT, ownAddress, postLead, signIn } from './desk-support';

/** Names and phone numbers unique per run (the e2e database outlives a run): searches find this run's leads only. */
const run = Date.now().toString(36);
const seven = (offset: number) => String((Date.now() + offset) % 10_000_000).padStart(7, '0');
const digits = { ru: seven(0), en: seven(5_000_000) };
const phone = (code: string, d: string) => `+7 (${code}) ${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
const phones = { ru: phone('916', digits.ru), en: phone('917', digits.en) };
/** Digits only, as a person types them: the whole national number, or the last seven with spaces. */
const searches = { ru: `916${digits.ru}`, en: `${digits.en.slice(0, 3)} ${digits.en.slice(3, 5)} ${digits.en.slice(5)}` };

// Each test signs in (a password hash on a 2-core machine), often twice, and walks a dozen pages.
test.describe.configure({ timeout: 90_000 });

for (const locale of ['ru', 'en'] as const) {
  const x = DESK_TEXT[locale];
  test.describe(`sales desk (${locale})`, () => {
    test.beforeEach(async ({ context }) => ownAddress(context));

    test('sign in, see a lead from the public dialog arrive live, search it by phone digits', async ({ page, browser }) => {
      await signIn(page, locale);
      await expect(page.getByRole('heading', { name: x.leads, level: 1 })).toBeVisible();
      await expect(page.locator('[data-live-announcement]')).toBeAttached();
      // The list is rendered per request and never stored.
      const response = await page.request.get(`/${locale}/desk`);
      expect(response.headers()['cache-control']).toContain('no-store');
      expect(response.headers()['content-security-policy']).toMatch(/'nonce-[^']+'/);

      // A visitor sends the buy/demo dialog from the public site.
      const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${locale === 'ru' ? 11 : 12}` } });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/${locale}`);
      const name = `Live ${locale} ${run}`;
      // The desk listens before the lead is sent.
      await expect(page.locator('[data-live="open"]')).toHaveCount(1);
      await postLead(visitorPage, locale, name, phones[locale]);
      await visitor.close();
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible({ timeout: 10_000 });

      // The filters apply as they change: the search after a pause in typing, a select at once.
      await expect(page.getByRole('button', { name: x.apply })).toBeHidden();
      await page.getByRole('searchbox', { name: x.search }).pressSequentially(searches[locale]);
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(page.locator('[data-lead-id]:visible')).toHaveCount(1);

      // Filters narrow the search: its kind keeps it, another status leaves nothing.
      await page.getByRole('combobox', { name: x.kind }).selectOption({ label: x.demo });
      await expect(page).toHaveURL(/[?&]kind=btn_demo/);
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: x.status, exact: true }).selectOption({ label: x.won });
      await expect(page.getByText(x.empty)).toBeVisible();
      await expect(page.locator('[data-lead-id]:visible')).toHaveCount(0);
    });

    test('change a status with a note, export the filter as CSV, erase the personal data', async ({ page }) => {
      const name = `Work ${locale} ${run}`;
      await postLead(page, locale, name);
      await signIn(page, locale);
      await page.getByRole('searchbox', { name: x.search }).pressSequentially(name);
      await expect(page.locator('[data-lead-id]:visible')).toHaveCount(1);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: x.export }).click();
      const csv = await readFile((await (await download).path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = csv.toString('utf8');
      expect(text).toContain(name);
      expect(text).toContain("'=1+1 формула");
      expect(text.trimEnd().split('\r\n')).toHaveLength(2);

      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('combobox', { name: x.newStatus }).selectOption({ label: x.inProgress });
      await page.getByRole('textbox', { name: x.statusNote }).fill('Called, sending an offer');
      await page.getByRole('button', { name: x.saveStatus }).click();
      await expect(page.getByRole('status').filter({ hasText: x.statusSaved })).toBeVisible();
      await expect(page.getByText(/→/)).toContainText(x.inProgress);

      await page.getByRole('checkbox', { name: x.confirm }).check();
      await page.getByRole('button', { name: x.erase }).click();
      await expect(page.getByRole('status').filter({ hasText: x.erased })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await expect(page.getByRole('button', { name: x.erase })).toHaveCount(0);
    });

    test('refuses: no session, a customer token, a sales account on admin pages, a disabled account, a cross-site post', async ({ page, browser }) => {
      // No session: the pages send to sign-in, the API answers 401.
      await page.goto(`/${locale}/desk`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/desk/login$`));
      expect((await page.request.get('/api/desk/export')).status()).toBe(401);

      // A customer's token opens nothing.
      const customer = await page.request.post('/api/auth/registration', {
        headers: { 'Accept-Language': locale },
        data: { email: `client-${locale}-${run}@example.com`, phone: '+79123456789', pw: 'correct horse battery', pw2: 'correct horse battery', name_i: 'Олег', firm_name: 'ООО Ось', country_name: 'Россия', city_name: 'Тверь', consent: 'on', website: '' },
      });
      const { token } = (await customer.json()).result as { token: string };
      expect((await page.request.get('/api/desk/export', { headers: { cookie: `desk_session=${token}`, authorization: `Bearer ${token}` } })).status()).toBe(401);

      // An admin adds a sales account; it sees leads, and 403 on the staff page.
      await signIn(page, locale);
      const salesEmail = `sales-${locale}-${run}@example.com`;
      await page.goto(`/${locale}/desk/staff`);
      const add = page.locator('form[aria-labelledby="staff-add"]');
      await add.getByRole('textbox', { name: locale === 'ru' ? 'Имя' : 'Name' }).fill(`Sales ${locale} ${run}`);
      await add.getByRole('textbox', { name: x.email }).fill(salesEmail);
      await add.getByLabel(x.password, { exact: false }).fill('sales-Desk-pass-2026');
      await add.getByRole('button').click();
      await expect(page.getByText(salesEmail)).toBeVisible();

      const sales = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${locale === 'ru' ? 21 : 22}` } });
      const salesPage = await sales.newPage();
      await signIn(salesPage, locale, salesEmail, 'sales-Desk-pass-2026');
      await expect(salesPage.getByRole('heading', { name: x.leads, level: 1 })).toBeVisible();
      await expect(salesPage.getByRole('link', { name: x.staff })).toHaveCount(0);
      const forbidden = await salesPage.goto(`/${locale}/desk/staff`);
      expect(forbidden!.status()).toBe(403);
      await expect(salesPage.getByRole('heading', { name: x.forbidden })).toBeVisible();

      // A cross-site post is refused before anything happens, with the session cookie or without.
      const crossSite = await salesPage.request.post('/api/desk/staff', {
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        form: { email: `evil-${run}@example.com`, role: 'admin', password: 'lantern-copper-orbit-42', locale },
      });
      expect(crossSite.status()).toBe(403);

      // The admin disables the account: its session ends at once.
      const disable = locale === 'ru' ? 'Отключить' : 'Disable';
      await page.getByRole('button', { name: `${disable}: ${salesEmail}`, exact: true }).click();
      await expect(page.getByRole('status')).not.toBeEmpty();
      await salesPage.goto(`/${locale}/desk`);
      await expect(salesPage).toHaveURL(new RegExp(`/${locale}/desk/login$`));
      await signIn(salesPage, locale, salesEmail, 'sales-Desk-pass-2026');
      await expect(salesPage.getByText(x.wrong)).toBeVisible();
      await sales.close();
      await expect(page.getByText(`evil-${run}@example.com`)).toHaveCount(0);
    });
  });
}
