import type { Locator, Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { products } from '../../src/site/products.mjs';
import { expect, pageUrl, test } from './fixtures';
import { giveConsent, hostReady } from './dialogs-support';
import { waitForTelegram } from './telegram';

/**
 * Every lead names its product.
 * A tariff card's buttons, a product page's, the sub-menu's «Купить» open a dialog whose title
 * names the product, and the message in the sales chat (the Telegram stand-in) names it too; the
 * sub-menu's «Купить» stays with the product, with scripts and without.
 */

const messages = { ru, en } as const;
/** The plans of the index's tariffs, in their order (src/content/tariffs.ts makes them so). */
const tariffPlans = products.flatMap((product) => ('tariff' in product ? [{ id: product.id, rubPerMonth: product.tariff.rubPerMonth }] : []));
const SENT = { timeout: 20_000 };
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
/** A name unique to this run, by which the chat's message is found. */
const uniqueName = (who: string) => `${who} ${Date.now().toString(36)}${random(0, 1e6)}`;

test.beforeEach(async ({ context }) => {
  // A visitor in Russia, at an address of its own: the lead rate limit counts per address.
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `77.88.${random(10, 60)}.${random(1, 254)}` });
});

/** A tariff card of the index, by its plan's name. */
const tariffCard = (page: Page, name: string) =>
  page.locator('#tarif').getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Types the contacts key by key, as a person does, picks «a business» and consents. */
async function fillIn(dialog: Locator, name: string, { email, client }: { email: boolean; client: string }) {
  await dialog.getByRole('textbox', { name: 'Имя', exact: true }).pressSequentially(name);
  await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('8 916 123-45-67');
  if (email) await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).pressSequentially('plan@example.com');
  await dialog.getByRole('radio', { name: client }).check();
  await giveConsent(dialog, 'ru');
}

for (const { name, width } of [
  { name: 'VAG', width: 1280 },
  { name: 'Спецтехника', width: 360 },
] as const) {
  test(`«Заказать демо» under ${name} (${width} px): the dialog and the sales chat name the plan`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/ru');
    await hostReady(page);
    await tariffCard(page, name).getByRole('link', { name: 'Заказать демо', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Заказать демо — ${name}`, exact: true });
    await expect(dialog).toBeVisible();
    // What the title shows (its other products' variants are hidden), not only what it is named.
    const heading = dialog.getByRole('heading', { level: 2 });
    await expect.poll(() => heading.evaluate((element) => (element as HTMLElement).innerText)).toBe(`Заказать демо — ${name}`);
    // Typed at once, whether React has taken the dialog over yet or not (docs/decisions/051).
    const who = uniqueName('Тариф');
    await fillIn(dialog, who, { email: true, client: 'Купить или посмотреть каталог' });
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    const message = await waitForTelegram(who);
    expect(message.text).toContain(`<b>Продукт:</b> ${name}`);
    expect(message.text).toContain('Заявка: демо-доступ');
  });
}

test('the English tariff card names its plan in the dialog’s title too', async ({ page }) => {
  await page.goto('/en');
  await hostReady(page);
  await tariffCard(page, 'Special equipment').getByRole('link', { name: 'Buy', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Buy — Special equipment', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await tariffCard(page, 'Motorcycles').getByRole('link', { name: 'Order a demo', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Order a demo — Motorcycles', exact: true })).toBeVisible();
});

for (const { product, name, width } of [
  { product: 'tis', name: 'TIS', width: 1280 },
  { product: 'apk', name: 'АПК', width: 360 },
] as const) {
  test(`the sub-menu’s «Купить» on /ru/${product} (${width} px) opens this product’s buy dialog and its lead names it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/ru/${product}`);
    await hostReady(page);
    await page.getByRole('navigation', { name: 'Меню продуктов' }).getByRole('link', { name: 'Купить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Купить — ${name}`, exact: true });
    await expect(dialog).toBeVisible();
    // The visitor stays on the product's page: no list of tariffs without it.
    expect(new URL(page.url()).pathname).toBe(`/ru/${product}`);
    const who = uniqueName('Подменю');
    await fillIn(dialog, who, { email: false, client: 'Представитель автобизнеса' });
    await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
    const message = await waitForTelegram(who);
    expect(message.text).toContain(`<b>Продукт:</b> ${name}`);
  });
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('the sub-menu’s «Купить» on /ru/apk reaches the page’s own order form, which sends the product', async ({ page }) => {
    await page.goto('/ru/apk');
    await page.getByRole('navigation', { name: 'Меню продуктов' }).getByRole('link', { name: 'Купить', exact: true }).click();
    await expect(page).toHaveURL(/\/ru\/apk#order$/);
    const form = page.locator('#order form');
    await expect(form.locator('input[name="product"]')).toHaveValue('apk');
    const who = uniqueName('Без скриптов');
    await form.getByRole('textbox', { name: 'Имя', exact: true }).pressSequentially(who);
    await form.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('8 916 123-45-67');
    await form.getByRole('radio', { name: 'Представитель автобизнеса' }).check();
    await giveConsent(form, 'ru');
    await form.getByRole('button', { name: 'Купить', exact: true }).click();
    await expect(page).toHaveURL(/order=sent/, SENT);
    const message = await waitForTelegram(who);
    expect(message.text).toContain('<b>Продукт:</b> АПК');
  });
});

for (const locale of ['ru', 'en'] as const) {
  const tarif = messages[locale].Home.tarif;
  const rub = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
  for (const width of [360, 1280]) {
    test(`${locale} (${width} px): each tariff card links to its product’s page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pageUrl(locale, ''));
      for (const plan of tariffPlans) {
        const name = tarif.plans[plan.id].name;
        const card = tariffCard(page, name);
        await expect(card.getByRole('heading', { name, exact: true }).getByRole('link', { name, exact: true })).toHaveAttribute('href', pageUrl(locale, plan.id));
      }
    });
  }

  // Where the card's width puts the line break depends on the fonts: the phrase is checked at
  // every width from a phone's to a wide desktop's (1280 px among them), 16 px apart.
  test(`${locale}: a tariff’s price and «${tarif.perMonth}» never break inside, at any width from 320 to 1440 px`, async ({ page }) => {
    await page.goto(pageUrl(locale, ''));
    const phrases = [...tariffPlans.map((plan) => rub.format(plan.rubPerMonth)), tarif.perMonth];
    const broken: string[] = [];
    for (let width = 320; width <= 1440; width += 16) {
      await page.setViewportSize({ width, height: 900 });
      // Each element of the tariffs whose whole text is one of the phrases, with its line count.
      const found = await page.locator('#tarif').evaluate(
        (root, wanted) => [...root.querySelectorAll('span')].filter((span) => wanted.includes(span.textContent ?? '')).map((span) => [span.textContent, span.getClientRects().length] as const),
        phrases,
      );
      expect(found.length, `${width} px`).toBe(2 * tariffPlans.length);
      for (const [phrase, lines] of found) if (lines !== 1) broken.push(`${width} px: «${phrase}» on ${lines} lines`);
    }
    expect(broken).toEqual([]);
  });
}

test('English calls to action ask for a demo in one wording: «Order a demo»', async ({ request }) => {
  for (const path of ['/en', '/en/epc', '/en/tis', '/en/vehicle?vin=WVWZZZ1JZ3W386752']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('Order a demo');
    expect(html.match(/request(?: a)? demo\b/i)?.[0], path).toBeUndefined();
  }
});
