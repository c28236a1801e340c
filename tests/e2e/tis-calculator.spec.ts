import { expect, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { fillLeadContacts, ownAddress, sendLead } from './tools-support';

const texts = {
  ru: {
    search: 'Найти марку',
    period3: '3 месяца',
    period12: '12 месяцев',
    eur: 'Евро, €',
    calculate: 'Рассчитать',
    total3Rub: 'Итого за 3 месяца: 61 500 ₽',
    total12Eur: 'Итого за 12 месяцев: 660 €',
    noMatch: 'В списке нет марки, подходящей под «tesla».',
    buy: 'Купить этот набор',
    buyTitle: 'Купить',
    comment: 'Комментарий (необязательно)',
    commentLine: 'Набор TIS: VAG (Volkswagen, Audi, Škoda, SEAT), Ford · 3 месяца · 61 500 ₽',
    sent: 'с Вами свяжутся в течение 10 минут',
    ignored: 'Некоторые значения в ссылке не распознаны и пропущены: brands=tesla, months=5.',
    carries: 'К заявке будет приложен набор TIS: Lada · 12 месяцев · 12 000 ₽.',
    orderSent: 'Спасибо! Заявка отправлена, с Вами свяжутся в течение 10 минут в рабочее время.',
    empty: 'Выберите хотя бы одну марку, чтобы увидеть стоимость.',
  },
  en: {
    search: 'Find a brand',
    period3: '3 months',
    period12: '12 months',
    eur: 'Euros, €',
    calculate: 'Calculate',
    total3Rub: 'Total for 3 months: RUB 61,500',
    total12Eur: 'Total for 12 months: €660',
    noMatch: 'No brand on the list matches «tesla».',
    buy: 'Buy this set',
    buyTitle: 'Buy',
    comment: 'Comment (optional)',
    commentLine: 'TIS set: VAG (Volkswagen, Audi, Škoda, SEAT), Ford · 3 months · RUB 61,500',
    sent: 'we will contact you within 10 minutes',
    ignored: 'Some values in the link were not recognised and were left out: brands=tesla, months=5.',
    carries: 'Your request will include the TIS set: Lada · 12 months · RUB 12,000.',
    orderSent: 'Thank you! Your request has been sent. We will contact you within 10 minutes during business hours.',
    empty: 'Choose at least one brand to see the cost.',
  },
} as const;

/** The cells of the set's table, row by row. */
const tableRows = (page: import('@playwright/test').Page) =>
  page.locator('#calculator table tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())));
const spaced = (text: string) => text.replace(/\s+/g, ' ');

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];

  test.describe(`TIS calculator with JavaScript (${locale})`, () => {
    test('search, brands, period and currency: every line and the total follow, and the address keeps the set', async ({ page }) => {
      await page.goto(`/${locale}/tis`);
      const calculator = page.locator('#calculator');
      await expect(calculator.getByRole('status').filter({ hasText: x.empty })).toHaveCount(1);
      const search = calculator.getByRole('searchbox', { name: x.search });
      await search.fill('tesla');
      await expect(calculator.getByText(x.noMatch)).toBeVisible();
      await search.fill('skoda');
      await expect(calculator.getByRole('checkbox')).toHaveCount(1);
      await calculator.getByRole('checkbox', { name: /VAG/ }).check();
      await search.fill('for');
      await calculator.getByRole('checkbox', { name: /Ford/ }).check();
      await search.fill('');
      await expect(calculator.getByRole('checkbox')).toHaveCount(14);
      await calculator.getByRole('radio', { name: x.period3 }).check();
      if (locale === 'en') await calculator.getByRole('radio', { name: 'Roubles, ₽' }).check();
      await expect(page.getByRole('status').filter({ hasText: spaced(x.total3Rub) })).toHaveCount(1);
      expect((await tableRows(page)).slice(1)).toEqual(
        locale === 'ru'
          ? [['VAG (Volkswagen, Audi, Škoda, SEAT)', '19 000 ₽', '57 000 ₽'], ['Ford', '1 500 ₽', '4 500 ₽'], ['Итого', '', '61 500 ₽']]
          : [['VAG (Volkswagen, Audi, Škoda, SEAT)', 'RUB 19,000', 'RUB 57,000'], ['Ford', 'RUB 1,500', 'RUB 4,500'], ['Total', '', 'RUB 61,500']],
      );
      await expect(page).toHaveURL(new RegExp(`/${locale}/tis\\?brands=vag%2Cford&months=3&currency=RUB$`));
      // The address is the shareable link: loaded afresh, the server renders the same set.
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: spaced(x.total3Rub) })).toHaveCount(1);
      await expect(page.locator('#calculator').getByRole('checkbox', { name: /Ford/ })).toBeChecked();
    });

    test('the search finds a make typed in Russian key by key, and by its short name', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`/${locale}/tis`);
      const calculator = page.locator('#calculator');
      const search = calculator.getByRole('searchbox', { name: x.search });
      await search.pressSequentially('тойота');
      await expect(calculator.getByRole('checkbox')).toHaveCount(1);
      await expect(calculator.getByRole('checkbox', { name: /Toyota/ })).toBeVisible();
      for (const [query, row] of [['лада', /Lada/], ['мерседес', /Mercedes-Benz/], ['бмв', /BMW/], ['шкода', /VAG/], ['vw', /VAG/]] as const) {
        await search.fill('');
        await search.pressSequentially(query);
        await expect(calculator.getByRole('checkbox'), query).toHaveCount(1);
        await expect(calculator.getByRole('checkbox', { name: row })).toBeVisible();
      }
      await expect(calculator.getByText(x.noMatch)).toHaveCount(0);
    });

    test('«Buy this set» opens the buy dialog with the set in the comment, and the lead arrives with it', async ({ page }) => {
      await ownAddress(page);
      await page.goto(`/${locale}/tis?brands=vag,ford&months=3&currency=RUB`);
      await hostReady(page);
      await page.getByRole('link', { name: x.buy }).click();
      const dialog = page.getByRole('dialog', { name: x.buyTitle });
      await expect(dialog).toBeVisible();
      expect(spaced(await dialog.getByRole('textbox', { name: x.comment }).inputValue())).toBe(spaced(x.commentLine));
      await fillLeadContacts(page, locale);
      const { body, status } = await sendLead(page);
      expect(status).toBe(200);
      expect(body).toMatchObject({ t: 'btn_buy', lang: locale, consent: 'on', url: `/${locale}/tis?brands=vag,ford&months=3&currency=RUB` });
      // The set goes as the dialog's field holds it, the calculator's query; the server reads it.
      const tis = new URLSearchParams(String(body.tis));
      expect({ brands: tis.get('brands')?.split(','), months: Number(tis.get('months')), currency: tis.get('currency') }).toEqual({ brands: ['vag', 'ford'], months: 3, currency: 'RUB' });
      expect(spaced(String(body.t_client_txt))).toBe(spaced(x.commentLine));
      await expect(dialog.getByText(x.sent)).toBeVisible();
    });
  });

  test.describe(`TIS calculator without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('the form is a GET: the server renders each line and the total, and says what it ignored', async ({ page }) => {
      await page.goto(`/${locale}/tis`);
      const calculator = page.locator('#calculator');
      await expect(calculator.getByRole('searchbox')).toHaveCount(0);
      await calculator.getByRole('checkbox', { name: /Hyundai/ }).check();
      await calculator.getByRole('checkbox', { name: /Toyota/ }).check();
      await calculator.getByRole('radio', { name: x.period12 }).check();
      await calculator.getByRole('radio', { name: x.eur }).check();
      await calculator.getByRole('button', { name: x.calculate }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/tis\\?brands=toyota-lexus&brands=hyundai-kia&months=12&currency=EUR$`));
      // (30 + 25) € × 12, from the price list on the same page.
      await expect(page.getByRole('status').filter({ hasText: spaced(x.total12Eur) })).toHaveCount(1);
      const link = page.locator('#calculator').getByRole('link', { name: locale === 'ru' ? 'Ссылка на этот набор' : 'Link to this set' });
      await expect(link).toHaveAttribute('href', `/${locale}/tis?brands=toyota-lexus%2Chyundai-kia&months=12&currency=EUR`);
      await page.goto(`/${locale}/tis?brands=lada,tesla&months=5`);
      await expect(page.locator('#calculator').getByText(x.ignored)).toBeVisible();
    });

    test('«Buy this set» leads to the order form, which sends the set and comes back to it', async ({ page }) => {
      await ownAddress(page);
      await page.goto(`/${locale}/tis?brands=lada&months=12&currency=RUB`);
      await expect(page.getByRole('link', { name: x.buy })).toHaveAttribute('href', '#order');
      const order = page.locator('#order');
      await expect(order.getByText(spaced(x.carries))).toBeVisible();
      const form = order.locator('form');
      await expect(form.locator('input[type=hidden][name=tis]')).toHaveValue('brands=lada&months=12&currency=RUB');
      await form.locator('input[name=name]').fill('Пётр Иванов');
      await form.locator('input[name=phone]').fill('+7 912 345-67-89');
      await form.locator('input[name=t_client][value="1"]').check();
      await giveConsent(form, locale);
      await form.locator('button[name=btn_type][value=btn_buy]').click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/tis\\?brands=lada&months=12&currency=RUB&order=sent#order$`));
      await expect(page.locator('#order').getByText(x.orderSent)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: locale === 'ru' ? 'Итого за 12 месяцев: 12 000 ₽' : 'Total for 12 months: RUB 12,000' })).toHaveCount(1);
    });
  });
}
