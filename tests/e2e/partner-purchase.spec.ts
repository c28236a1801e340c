import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import { sideways } from './sideways';
import { plain, registerOnSignPage } from './partner-support';

/**
 * The built-in partner area sells: a visitor takes the TIS calculator's set into the
 * partner area, registers on the way, gives by hand a company the register does not hold, adds EPC FULL for two workstations, gets the invoice, sees it as a page with the
 * server's total and finds it in the list. The default server has the seller's bank
 * (tests/support/company.mjs), so its purchase is on.
 */

const messages = { ru, en } as const;
type Locale = keyof typeof messages;

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const octet = () => 1 + Math.floor(Math.random() * 250);
const PASSWORD = 'e2e partner password';
/** EPC FULL 3 900 ₽ × 2 workstations × 3 months + TIS (BMW / MINI 5 000 ₽ + Volvo 1 500 ₽) × 3 months. */
const TOTAL = { ru: '42 900,00 ₽', en: 'RUB 42,900.00' };
/** A company the register (the DaData stand-in) does not hold, its INN's control digit right: typed by hand. */
const TYPED = { inn: '7736207543', kpp: '773601001', name: 'ООО «Автосервис на Вавилова»', address: '117312, г. Москва, ул. Вавилова, д. 7' };
/** The estimate, in whole roubles as the price list writes them. */
const ESTIMATE = { ru: '42 900 ₽', en: 'RUB 42,900' };
const VAT = { ru: '7 736,07 ₽', en: 'RUB 7,736.07' };

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true }).filter({ visible: true });

for (const locale of ['ru', 'en'] as const) {
  const x = messages[locale].PartnerArea;
  const p = x.purchase;
  const months3 = locale === 'ru' ? '3 месяца' : '3 months';

  test.describe(`partner area (${locale})`, () => {
    // Passwords are hashed for real, and the build's first pages are slow on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    test(`a company orders EPC FULL and the TIS calculator's set, and gets the invoice (${locale})`, async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `198.19.${octet()}.${octet()}` });
      await page.goto(`/${locale}/tis?brands=bmw-mini,volvo&months=3&currency=RUB`);
      await page.getByRole('link', { name: messages[locale].TisCalculator.buyOnline }).click();

      // Signed out: sign-in first, which comes back to the order.
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/sign\\?next=`));
      await registerOnSignPage(page, locale, `partner-${locale}-${run}@example.com`, PASSWORD);
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account\\?buy=tis&brands=bmw-mini%2Cvolvo&months=3$`), { timeout: 20_000 });

      const form = page.locator('form').filter({ has: page.getByRole('button', { name: p.submit }) });
      await expect(form.getByRole('checkbox', { name: /^BMW \/ MINI/ })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /^Volvo/ })).toBeChecked();
      await expect(form.getByRole('radio', { name: months3 })).toBeChecked();
      // The INN as it is typed: a wrong control digit is said at once, by the field.
      const inn = field(form, p.inn);
      await inn.pressSequentially(`${TYPED.inn.slice(0, -1)}4`);
      await expect(inn).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText(messages[locale].Validation.innChecksum)).toBeVisible();
      await inn.press('Backspace');
      await inn.pressSequentially('3');
      await expect(inn).not.toHaveAttribute('aria-invalid');
      // Not in the register (the DaData stand-in): the details are typed by hand.
      await expect(form.getByText(p.lookup.notFound)).toBeVisible();
      await field(form, p.kpp).pressSequentially(TYPED.kpp);
      await field(form, p.name).pressSequentially(TYPED.name);
      await field(form, p.address).fill(TYPED.address);

      await form.getByRole('checkbox', { name: /^EPC FULL/ }).check();
      const seats = form.getByRole('spinbutton', { name: p.seatsOf.replace('{product}', 'EPC FULL') });
      await seats.fill('2');
      await expect.poll(async () => plain(await form.locator('[data-estimate-total]').textContent())).toBe(ESTIMATE[locale]);

      await form.getByRole('button', { name: p.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account/invoices/[0-9a-f-]{36}$`), { timeout: 20_000 });

      // The invoice as a page: the server's total, the VAT in it, both parties, awaiting payment.
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(/\d{4}-\d{6}/);
      const number = /(\d{4}-\d{6})/.exec((await heading.textContent()) ?? '')?.[1] ?? '';
      expect(plain(await page.locator('[data-invoice-total]').textContent())).toBe(TOTAL[locale]);
      const vatRow = page.getByRole('row').filter({ hasText: x.invoice.vat.replace('{rate}', '22') });
      expect(plain(await vatRow.textContent())).toContain(VAT[locale]);
      const seller = page.getByRole('region', { name: x.invoice.seller });
      for (const value of [SELLER_SETTINGS.SELLER_NAME, SELLER_SETTINGS.SELLER_INN, SELLER_SETTINGS.SELLER_BIC, SELLER_SETTINGS.SELLER_ACCOUNT, SELLER_SETTINGS.SELLER_CORR_ACCOUNT]) await expect(seller).toContainText(value);
      const buyer = page.getByRole('region', { name: x.invoice.buyer });
      for (const value of [TYPED.name, TYPED.inn, TYPED.kpp, TYPED.address]) await expect(buyer).toContainText(value);
      await expect(page.getByText(x.status.issued, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: x.invoice.payHeading })).toBeVisible();
      await expect(page.getByRole('button', { name: x.pdf })).toBeVisible();

      expect(await axeViolations(page)).toEqual([]);

      // Back in the partner area: the invoice is listed, and its company is the next order's.
      await page.getByRole('link', { name: x.invoice.back }).click();
      const listed = page.getByRole('region', { name: x.invoices.heading }).getByRole('listitem').filter({ hasText: number });
      await expect(listed).toContainText(x.status.issued);
      expect(plain(await listed.textContent())).toContain(TOTAL[locale]);
      await expect(listed.getByRole('button', { name: x.pdfOf.replace('{number}', number) })).toBeVisible();
      await expect(page.getByRole('region', { name: x.subscriptions.heading })).toContainText(x.subscriptions.empty);
      await expect(field(page, p.inn)).toHaveValue(TYPED.inn);
      await expect(page.getByText(p.lookup.saved)).toBeVisible();
    });

    test(`the order is checked before it is sent, each problem by its field (${locale})`, async ({ page }) => {
      await signedIn(page, locale);
      await page.goto(`/${locale}/auth/account?buy=epc`);
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: p.submit }) });
      const seats = form.getByRole('spinbutton', { name: p.seatsOf.replace('{product}', 'EPC FULL') });
      await seats.fill('101');
      await field(form, p.inn).pressSequentially('500100732259');
      // A sole proprietor's INN: no KPP.
      await expect(field(form, p.kpp)).toHaveCount(0);
      await form.getByRole('button', { name: p.submit }).click();
      await expect(seats).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText(messages[locale].Validation.invalidSeats)).toBeVisible();
      await expect(field(form, p.name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(form, p.name)).toBeFocused();
      await expect(form.getByText(messages[locale].Validation.companyAddressRequired)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${locale}/auth/account\\?buy=epc$`));
    });

    for (const width of [360, 1280]) {
      test(`the partner area and an invoice at ${width} px: no sideways scroll, axe finds nothing (${locale})`, async ({ page }, info) => {
        await page.setViewportSize({ width, height: 900 });
        const token = await signedIn(page, locale);
        await page.goto(`/${locale}/auth/account?buy=epc,tis&brands=vag&months=6`);
        const form = page.locator('form').filter({ has: page.getByRole('button', { name: p.submit }) });
        await expect(form).toBeVisible();
        await page.screenshot({ path: info.outputPath(`account-${locale}-${width}.png`), fullPage: true });
        await checkPage(page, width);

        const id = await issue(page, locale, token);
        await page.goto(`/${locale}/auth/account/invoices/${id}`);
        await expect(page.locator('[data-invoice-total]')).toBeVisible();
        await page.screenshot({ path: info.outputPath(`invoice-${locale}-${width}.png`), fullPage: true });
        await checkPage(page, width);
      });
    }

    test(`another account's invoice, or none, is not shown (${locale})`, async ({ page }) => {
      const theirs = await signedIn(page, locale);
      const id = await issue(page, locale, theirs);
      await signedIn(page, locale);
      await page.goto(`/${locale}/auth/account/invoices/${id}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(x.invoice.notFound);
      await expect(page.locator('[data-invoice-total]')).toHaveCount(0);
    });

    test(`the invoice e-mail's link opens the invoice, the renewal link offers it again (${locale})`, async ({ page }) => {
      const token = await signedIn(page, locale);
      const id = await issue(page, locale, token);
      await page.goto(`/${locale}/auth/account?invoice=${id}`);
      await expect(page).toHaveURL(`/${locale}/auth/account/invoices/${id}`);
      const number = (await invoiceOf(page, locale, token, id)).number;
      await page.goto(`/${locale}/auth/account?renew=${id}`);
      await expect(page.getByText(p.renew.replace('{number}', number))).toBeVisible();
      await expect(page.getByRole('button', { name: p.renewButton })).toBeVisible();
    });

    test(`the payment QR code on the invoice's page reads back as the invoice's ST00012 text (${locale})`, async ({ page }) => {
      const token = await signedIn(page, locale);
      const id = await issue(page, locale, token);
      const invoice = await invoiceOf(page, locale, token, id);
      await page.goto(`/${locale}/auth/account/invoices/${id}`);
      const code = page.getByRole('img', { name: x.invoice.qrAlt.replace('{number}', invoice.number) });
      const shot = PNG.sync.read(await code.screenshot());
      const read = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
      const text = read ? new TextDecoder().decode(Uint8Array.from(read.binaryData)) : '';
      expect(text).toBe(invoice.qr);
      expect(text).toMatch(/^ST00012\|/);
      expect(text).toContain(`|Sum=${Math.round(Number(invoice.total) * 100)}|`);
    });

    test(`an invoice's page without a session goes through sign-in and back (${locale})`, async ({ page }) => {
      const id = '0b7c6f0e-2c5a-4c7e-9a51-0e6f6a1d2b3c';
      await page.goto(`/${locale}/auth/account/invoices/${id}?paid=card`);
      await expect(page).toHaveURL(`/${locale}/auth/sign?message=session&next=${encodeURIComponent(`/${locale}/auth/account/invoices/${id}?paid=card`)}`);
    });
  });
}

/** A fresh account through the API, its token stored as the sign-in form stores it. */
async function signedIn(page: Page, locale: Locale): Promise<string> {
  const address = `198.19.${octet()}.${octet()}`;
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  const answer = await page.request.post('/api/auth/registration', {
    headers: { 'Accept-Language': locale, 'X-Forwarded-For': address },
    data: { email: `partner-${locale}-${run}-${octet()}${octet()}@example.com`, phone: '+79123456789', pw: PASSWORD, pw2: PASSWORD, name_i: 'Анна', firm_name: 'E2E', country_name: 'Россия', city_name: 'Тверь', consent: 'on' },
  });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()).result as { token: string };
  await page.goto(`/${locale}/auth/sign`);
  await page.evaluate((value) => localStorage.setItem('epc_token', value), token);
  return token;
}

/** An invoice of the token's account, through the API (the browser's origin). */
async function issue(page: Page, locale: Locale, token: string): Promise<string> {
  const answer = await page.request.post('/api/invoices', {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale, Origin: new URL(page.url()).origin },
    data: { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }, { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] }] },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()).result as { invoice: { id: string } }).invoice.id;
}

/** An invoice as the API answers it to its account. */
async function invoiceOf(page: Page, locale: Locale, token: string, id: string): Promise<{ number: string; total: string; qr?: string }> {
  const answer = await page.request.get(`/api/invoices/${id}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()).result as { invoice: { number: string; total: string; qr?: string } }).invoice;
}

/** The page does not scroll sideways and axe finds nothing on it. */
async function checkPage(page: Page, width: number) {
  expect(await sideways(page)).toEqual({ scrollWidth: width, sticking: [] });
  expect(await axeViolations(page)).toEqual([]);
}
