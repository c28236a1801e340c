import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import ru from '../../messages/ru.json' with { type: 'json' };
import { BUYER } from '../support/seller.mjs';
import { singleByte, statementText } from '../support/statement';
import { signIn } from './desk-support';
import { expect, test } from './fixtures';
import { plain, registerOnSignPage } from './partner-support';
import { WEBHOOK_STAND_IN } from './purchase-settings';

/**
 * The purchase as a customer makes it, end to end on the default server (its seller's bank,
 * DaData's, YooKassa's and the webhook's stand-ins: tests/e2e/purchase-settings.ts): a company
 * signs up, its details come from the register by its INN, it orders EPC FULL for 3 months with 2
 * workstations and TIS for two brands, downloads the PDF and reads it back (the text, and the QR
 * code decoded to the ST00012 string), pays that invoice by card and a second one by a transfer
 * that the desk finds in a bank statement, then sees both subscriptions and the catalogue system
 * gets each activation as a signed post.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const octet = () => 1 + Math.floor(Math.random() * 250);
const x = ru.PartnerArea;
const p = x.purchase;
const exec = promisify(execFile);

test.describe.configure({ timeout: 240_000 });

test('a company buys: details by INN, the invoice and its PDF with the payment QR, paid by card and by transfer, access switched on', async ({ page, request }, info) => {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `198.19.${octet()}.${octet()}` });
  await page.goto('/ru/auth/account');
  await expect(page).toHaveURL(/\/ru\/auth\/sign/);
  await registerOnSignPage(page, 'ru', `buyer-${run}@example.com`, 'e2e buyer password');
  await expect(page).toHaveURL(/\/ru\/auth\/account/, { timeout: 20_000 });

  // The INN typed key by key: the register (the DaData stand-in) fills the company in.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: p.submit }) });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  await field(p.inn).pressSequentially(BUYER.inn);
  await expect(form.getByText(p.lookup.found)).toBeVisible();
  await expect(field(p.name)).toHaveValue('ПАО СБЕРБАНК');
  await expect(field(p.kpp)).toHaveValue(BUYER.kpp);
  await expect(field(p.address)).toHaveValue(/ул Вавилова, д 19/);

  await form.getByRole('checkbox', { name: /^EPC FULL/ }).check();
  await form.getByRole('spinbutton', { name: p.seatsOf.replace('{product}', 'EPC FULL') }).fill('2');
  await form.getByRole('checkbox', { name: /^BMW \/ MINI/ }).check();
  await form.getByRole('checkbox', { name: /^Volvo/ }).check();
  await form.getByRole('radio', { name: '3 месяца' }).check();
  await form.getByRole('button', { name: p.submit }).click();
  await expect(page).toHaveURL(/\/ru\/auth\/account\/invoices\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const first = await invoiceOnPage(page);
  expect(first.total).toBe('42 900,00 ₽');

  // The PDF as the customer downloads it, read back: its text, and its QR code decoded.
  const dir = await mkdtemp(join(tmpdir(), 'buying-online-'));
  try {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: x.pdf }).click();
    const file = join(dir, 'invoice.pdf');
    await (await download).saveAs(file);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await exec('pdftotext', ['-layout', file, '-'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(`Счёт на оплату № ${first.number}`);
    expect(text).toContain(`ИНН ${BUYER.inn}`);
    expect(text).toContain('42 900,00');
    expect(text).toMatch(/В том числе НДС 22\s?%:? 7 736,07/);
    expect(text).toContain('Сорок две тысячи девятьсот рублей 00 копеек');
    await exec('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, join(dir, 'page')]);
    const png = PNG.sync.read(await readFile(join(dir, 'page-1.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data.startsWith('ST00012|')).toBe(true);
    const fields = Object.fromEntries(qr!.data.split('|').slice(1).map((pair) => pair.split(/=(.*)/s, 2) as [string, string]));
    expect(fields).toMatchObject({ Sum: '4290000', PayeeINN: '7701234560', PersonalAcc: '40702810938000012345', BIC: '044525225' });
    expect(fields.Purpose).toContain(first.number);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // Paid by card: YooKassa's (stand-in's) checkout, then back on the invoice, paid.
  await page.getByRole('button', { name: x.invoice.card }).click();
  await expect(page).toHaveURL(/\/checkout\//);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/ru\/auth\/account\/invoices\/[0-9a-f-]{36}\?paid=card$/);
  await expect(page.getByText(x.invoice.paidNow)).toBeVisible({ timeout: 20_000 });

  // A second invoice, VAG for one workstation and a month, paid by transfer.
  await page.getByRole('link', { name: x.invoice.back }).click();
  await form.getByRole('checkbox', { name: /^VAG\s+\d/ }).check();
  await form.getByRole('radio', { name: '1 месяц' }).check();
  for (const brand of [/^EPC FULL/, /^BMW \/ MINI/, /^Volvo/]) await form.getByRole('checkbox', { name: brand }).uncheck();
  await form.getByRole('button', { name: p.submit }).click();
  await expect(page).toHaveURL(/\/ru\/auth\/account\/invoices\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  const second = await invoiceOnPage(page);
  expect(second.total).toBe('1 900,00 ₽');

  // The desk (another browser context: staff and customer apart) uploads the bank's statement.
  const desk = await page.context().browser()!.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `198.19.${octet()}.${octet()}` }, baseURL: info.project.use.baseURL });
  const deskPage = await desk.newPage();
  await signIn(deskPage, 'ru');
  await deskPage.goto('/ru/desk/invoices');
  const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());
  const statement = statementText([{ number: String(Date.now() % 1_000_000), date: today, sum: '1900.00', payerInn: BUYER.inn, payer: 'ПАО СБЕРБАНК', purpose: `Оплата по счёту № ${second.number}, в т.ч. НДС 22%` }]);
  await deskPage.getByLabel('Файл выписки').setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: Buffer.from(singleByte(statement, 'windows-1251')) });
  await deskPage.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(deskPage.locator('[data-import-result] [data-count="matched"] dd')).toHaveText('1');
  await desk.close();

  // The partner area: both invoices paid, the three products' periods.
  await page.getByRole('link', { name: x.invoice.back }).click();
  const subscriptions = page.getByRole('region', { name: x.subscriptions.heading });
  for (const number of [first.number, second.number]) await expect(subscriptions).toContainText(number);
  for (const product of ['EPC FULL', 'VAG', 'TIS']) await expect(subscriptions).toContainText(product);
  const invoices = page.getByRole('region', { name: x.invoices.heading });
  for (const number of [first.number, second.number]) await expect(invoices.getByRole('listitem').filter({ hasText: number })).toContainText(x.status.paid);

  // The catalogue system got each activation, signed: EPC FULL and TIS of the first, VAG of the second.
  await expect
    .poll(async () => {
      const deliveries = (await (await request.get(`${WEBHOOK_STAND_IN.url}/deliveries`)).json()) as Array<{ body: { type: string; data: { invoice: string; product: string; inn: string; seats: number; brands: string[] } } }>;
      return deliveries
        .filter(({ body }) => body.type === 'subscription.activated' && [first.number, second.number].includes(body.data.invoice))
        .map(({ body }) => `${body.data.invoice} ${body.data.product} ${body.data.seats} ${body.data.brands.join(',')} ${body.data.inn}`)
        .sort();
    }, { timeout: 20_000 })
    .toEqual([`${first.number} epc 2  ${BUYER.inn}`, `${first.number} tis 1 bmw-mini,volvo ${BUYER.inn}`, `${second.number} vag 1  ${BUYER.inn}`].sort());
});

/** The invoice the page shows: its number and total as written. */
async function invoiceOnPage(page: import('@playwright/test').Page) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/\d{4}-\d{6}/);
  const number = /(\d{4}-\d{6})/.exec((await heading.textContent()) ?? '')![1]!;
  return { number, total: plain(await page.locator('[data-invoice-total]').textContent()) };
}
