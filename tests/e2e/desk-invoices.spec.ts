import { expect, test } from './fixtures';
import { axeViolations } from './axe';
import { ownAddress, signIn } from './desk-support';
import { BUYER } from '../support/seller.mjs';
import { singleByte, statementText } from '../support/statement';

/** Unique per run (the e2e database outlives a run): this run's statement lines are new to it. */
const run = Date.now();

/** A customer's invoice, issued through the API as the partner area issues it. */
async function issueInvoice(request: import('@playwright/test').APIRequestContext) {
  const address = { 'X-Forwarded-For': `198.18.1.${(run % 200) + 1}`, 'Accept-Language': 'ru' };
  const registration = await request.post('/api/auth/registration', {
    headers: address,
    data: { email: `e2e-invoice-${run}@example.com`, phone: '+79123456789', pw: 'e2e password 123', pw2: 'e2e password 123', name_i: 'Анна', firm_name: BUYER.name, country_name: 'Россия', city_name: 'Москва', consent: 'on' },
  });
  expect(registration.status()).toBe(200);
  const { token } = (await registration.json()).result;
  const created = await request.post('/api/invoices', { headers: { ...address, Authorization: `Bearer ${token}` }, data: { company: BUYER, items: [{ product: 'epc', months: 3, seats: 2 }] } });
  expect(created.status()).toBe(200);
  return (await created.json()).result.invoice as { id: string; number: string; total: string };
}

const today = () => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date());

test.describe.configure({ timeout: 90_000 });

test('the desk imports a bank statement: the invoice it pays is paid, a stray payment is set aside', async ({ page, request, context }, testInfo) => {
  await ownAddress(context);
  const invoice = await issueInvoice(request);
  await signIn(page, 'ru');
  await expect(page.getByRole('heading', { name: 'Заявки', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Рабочее место' }).getByRole('link', { name: 'Счета' }).click();
  await expect(page.getByRole('heading', { name: 'Счета', level: 1 })).toBeVisible();

  const card = page.locator(`[data-invoice="${invoice.number}"]`);
  await expect(card).toContainText('Ждёт оплаты');
  await expect(card).toContainText(`ИНН ${BUYER.inn}`);

  // Its page while it awaits payment: what finance can do to it, in reach at 360 px and for a screen reader.
  await card.getByRole('link', { name: invoice.number }).click();
  await expect(page.getByRole('button', { name: 'Отметить оплаченным' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить счёт' })).toBeVisible();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`desk-invoice-issued-ru-${width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'К счетам' }).click();

  // The statement as the bank exports it (windows-1251): the buyer's payment, and one naming no invoice.
  const statement = statementText([
    { number: String(run % 1_000_000), date: today(), sum: invoice.total, payerInn: BUYER.inn, payer: BUYER.name, purpose: `Оплата по счёту № ${invoice.number} за подписку EPC, в т.ч. НДС` },
    { number: String((run + 1) % 1_000_000), date: today(), sum: '1234.50', payerInn: '7728168971', payer: 'АО «Альфа-Банк»', purpose: `Возврат обеспечительного платежа ${run}` },
  ]);
  await page.getByLabel('Файл выписки').setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: Buffer.from(singleByte(statement, 'windows-1251')) });
  await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Выписка загружена.');
  const result = page.locator('[data-import-result]');
  await expect(result.locator('[data-count="matched"] dd')).toHaveText('1');
  await expect(result.locator('[data-count="unmatched"] dd')).toHaveText('1');
  await expect(result).toContainText('Кодировка: windows-1251');
  await expect(card).toContainText('Оплачен');
  await expect(card).toContainText('по выписке');

  const stray = page.locator('[data-payment]').filter({ hasText: `Возврат обеспечительного платежа ${run}` });
  await expect(stray).toContainText('Номер существующего счёта не найден');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`desk-invoices-ru-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await stray.getByRole('button', { name: 'Не относится к счетам' }).click();
  await expect(page.getByRole('status')).toHaveText('Платёж отмечен как не относящийся к счетам.');
  await expect(page.locator('[data-payment]').filter({ hasText: `Возврат обеспечительного платежа ${run}` })).toHaveCount(0);

  // The same statement again changes nothing.
  await page.getByLabel('Файл выписки').setInputFiles({ name: 'kl_to_1c.txt', mimeType: 'text/plain', buffer: Buffer.from(singleByte(statement, 'windows-1251')) });
  await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(page.locator('[data-import-result] [data-count="repeated"] dd')).toHaveText('2');
  await expect(page.locator('[data-import-result] [data-count="new"] dd')).toHaveText('0');
  await expect(page.locator('[data-import-result]')).toContainText('Этот же файл уже загружали');

  // The invoice's page: paid by the statement, its history, its lead; and the lead links back.
  await card.getByRole('link', { name: invoice.number }).click();
  await expect(page.getByRole('heading', { name: `Счёт ${invoice.number}`, level: 1 })).toBeVisible();
  await expect(page.locator('[data-invoice-event="paid"]')).toContainText('выписка банка: счёт оплачен');
  await expect(page.getByRole('button', { name: 'Отметить оплаченным' })).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`desk-invoice-ru-${width}.png`), fullPage: true });
  }
  await page.getByRole('link', { name: /^Заявка № \d+$/ }).click();
  await page.getByRole('link', { name: `Счёт ${invoice.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/ru/desk/invoices/${invoice.id}$`));
});
