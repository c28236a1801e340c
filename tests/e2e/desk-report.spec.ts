import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { ownAddress, signIn } from './desk-support';

/**
 * A lead sent during a visit that landed on a `utm_source=yandex` campaign link shows up
 * in the desk's report under that campaign with its count, and each chart draws what its table
 * says. Other specs post leads at the same time and earlier runs left theirs: the campaign's name
 * is this run's own, and the source's count is compared between chart and table of one page.
 */

const SENT = { timeout: 20_000 };
const shots = process.env.REPORT_SHOTS;
const campaign = () => `report-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

/** The count the table gives a row, and the bar its chart draws for it (value and length against the largest bar). */
async function rowAndBar(page: Page, dimension: string, key: string) {
  const section = page.locator(`section[aria-labelledby="report-${dimension}-title"]`);
  const cell = section.locator(`#report-${dimension}-table tbody tr[data-key="${key}"] td[data-column="leads"]`);
  const chart = section.locator('svg[data-chart="bars"]');
  const bar = chart.locator(`g[data-key="${key}"] rect`);
  const [count, value, width, max] = [await cell.textContent(), await bar.getAttribute('data-value'), await bar.getAttribute('width'), await chart.getAttribute('data-max')];
  return { count: Number(count), value: Number(value), width: Number(width), max: Number(max) };
}

test('a campaign’s lead is counted in the report, and the chart and table agree', async ({ page, context }) => {
  test.setTimeout(90_000);
  await ownAddress(context);
  const utm = campaign();
  await page.goto(`/ru?utm_source=yandex&utm_medium=cpc&utm_campaign=${utm}`, { referer: 'https://news.example/article?id=7' });
  await hostReady(page);
  await page.getByRole('banner').getByRole('link', { name: 'Контакты' }).first().click();
  const feedback = page.getByRole('dialog', { name: 'Обратная связь' });
  await expect(feedback.locator('form[data-ready]')).toHaveCount(1, SENT);
  await feedback.getByRole('combobox', { name: 'Страна', exact: true }).selectOption('Россия');
  await feedback.getByRole('radio', { name: 'Отдел продаж' }).check();
  await feedback.getByRole('textbox', { name: 'Имя', exact: true }).pressSequentially(`Отчёт ${utm.slice(-6)}`);
  await feedback.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('8 916 123-45-67');
  await feedback.getByRole('textbox', { name: 'E-mail', exact: true }).pressSequentially('report@example.com');
  await feedback.getByRole('textbox', { name: 'Сообщение', exact: true }).pressSequentially('Сколько стоит каталог?');
  await giveConsent(feedback, 'ru');
  const sent = page.waitForResponse((response) => response.url().includes('/api/telega/send') && response.request().method() === 'POST', SENT);
  await feedback.getByRole('button', { name: 'Отправить', exact: true }).click();
  expect((await sent).status()).toBe(200);

  await signIn(page, 'ru');
  await page.getByRole('navigation', { name: 'Рабочее место' }).getByRole('link', { name: 'Источники' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Откуда приходят заявки' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Этот месяц' })).toHaveAttribute('aria-current', 'page');

  // The campaign of this run: one lead, in the table and as its bar.
  const campaignRow = page.locator('#report-campaign-table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: utm, exact: true }) });
  await expect(campaignRow.getByRole('cell').first()).toHaveText('1');
  const own = await rowAndBar(page, 'campaign', utm);
  expect(own).toMatchObject({ count: 1, value: 1 });
  expect(own.width).toBeCloseTo((1 / own.max) * 250, 0);

  // Its source: the table's count and the bar's value are the same number, the bar as long as that number says.
  const source = await rowAndBar(page, 'source', 'yandex / cpc');
  expect(source.count).toBeGreaterThanOrEqual(1);
  expect(source.value).toBe(source.count);
  expect(source.width).toBeCloseTo((source.count / source.max) * 250, 0);

  // The weekly line's point for this week carries the week table's number.
  const lastWeek = page.locator('#report-weeks-table tbody tr').last();
  const week = await lastWeek.getAttribute('data-week');
  expect(await page.locator(`svg[data-chart="line"] circle[data-week="${week}"]`).getAttribute('data-value')).toBe(await lastWeek.getByRole('cell').textContent());

  // The CSV of the campaigns has the same row.
  const href = await page.locator('section[aria-labelledby="report-campaign-title"]').getByRole('link', { name: 'Скачать CSV' }).getAttribute('href');
  const csv = await (await page.request.get(href!)).text();
  expect(csv).toContain(`"${utm}","1","0"`);

  if (shots) {
    for (const [width, locale] of [[1280, 'ru'], [360, 'ru'], [1280, 'en'], [360, 'en']] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/${locale}/desk/report`);
      await page.screenshot({ path: `${shots}/report-${locale}-${width}.png`, fullPage: true });
    }
  }
});

test('the period is kept in the address and a preset shows its dates, in English', async ({ page, context }) => {
  await ownAddress(context);
  await signIn(page, 'en');
  await page.goto('/en/desk/report');
  await page.getByRole('link', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\/en\/desk\/report\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
  const from = new URL(page.url()).searchParams.get('from')!;
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  await expect(field('From')).toHaveValue(from);
  await field('From').fill('2020-01-01');
  await field('To').fill('2020-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('No leads in this period.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Response time by person' })).toBeVisible();
});
