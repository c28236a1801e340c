import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { giveConsent, hostReady, mockApi } from './dialogs-support';
import { ownAddress } from './tools-support';

/**
 * Where a lead comes from: every form sends the page it was sent from (`url`) and the campaign of
 * the visit's landing page (its `utm_*` and the site that referred the visitor, `referrer`), which
 * the page enhancer keeps in sessionStorage while the visitor moves between pages.
 */
// Each test walks a visitor through several pages, a dialog and its send (one also a second tab):
// more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const LANDING = '/ru?utm_source=ya&utm_medium=cpc&utm_campaign=autumn';
const REFERRER = 'https://news.example/article';
const CAMPAIGN = { utm_source: 'ya', utm_medium: 'cpc', utm_campaign: 'autumn', referrer: 'https://news.example' };

/** Arrives from another site on a campaign link. */
async function land(page: Page, url = LANDING, referer = REFERRER) {
  await page.goto(url, { referer });
  await hostReady(page);
}

/** Moves to another page of the site by a link on the page, as a person does. */
async function follow(page: Page, path: string) {
  await page.locator(`a[href="${path}"]:not([data-carry])`).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
  await hostReady(page);
}

async function fillLead(dialog: Locator) {
  await dialog.getByRole('textbox', { name: 'Имя', exact: true }).fill('ООО Ромашка');
  await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('9123456789');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('buyer@example.com');
  await dialog.getByRole('radio', { name: 'Купить или посмотреть каталог' }).check();
}

interface Sender {
  name: string;
  api: string;
  /** The page the form is sent from, reached from the landing page by links. */
  path: string;
  open: (page: Page) => Promise<Locator>;
  fill: (dialog: Locator) => Promise<void>;
  send: string;
}

const openBy = async (page: Page, trigger: Locator, title: string) => {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
};

const senders: Sender[] = [
  {
    // /ru/about has no buy button: the visitor goes back to the home page by its logo link.
    name: 'buy dialog',
    api: 'api/telega/send-mail',
    path: '/ru',
    open: (page) => openBy(page, page.getByRole('main').locator('[data-dialog="buy"]').filter({ visible: true }).first(), 'Купить'),
    fill: fillLead,
    send: 'Отправить заявку',
  },
  {
    name: 'demo dialog',
    api: 'api/telega/send-mail',
    path: '/ru/about',
    open: (page) => openBy(page, page.locator('[data-dialog="demo"]').filter({ visible: true }).first(), 'Заказать демо'),
    fill: fillLead,
    send: 'Отправить заявку',
  },
  {
    name: 'feedback dialog',
    api: 'api/telega/send',
    path: '/ru/about',
    open: (page) => openBy(page, page.getByRole('banner').getByRole('link', { name: 'Контакты' }).first(), 'Обратная связь'),
    fill: async (dialog) => {
      await dialog.getByRole('combobox', { name: 'Страна', exact: true }).selectOption('Россия');
      await dialog.getByRole('radio', { name: 'Отдел продаж' }).check();
      await dialog.getByRole('textbox', { name: 'Имя', exact: true }).fill('Иван Петров');
      await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('9123456789');
      await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ivan@example.com');
      await dialog.getByRole('textbox', { name: 'Сообщение', exact: true }).fill('Нужен доступ к каталогу');
    },
    send: 'Отправить',
  },
  {
    name: 'registration in the auth dialog',
    api: 'api/auth/registration',
    path: '/ru/about',
    open: async (page) => {
      const dialog = await openBy(page, page.getByRole('banner').getByRole('link', { name: 'Войти' }), 'Для перехода к оплате, пройдите авторизацию');
      await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(dialog.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
      return dialog;
    },
    fill: async (dialog) => {
      const field = (label: string) => dialog.getByLabel(label, { exact: true }).filter({ visible: true });
      await field('E-mail').fill('new@example.com');
      await field('Телефон').pressSequentially('9123456789');
      await field('Имя').fill('Иван');
      await field('Название организации').fill('ООО Ромашка');
      await dialog.getByRole('combobox', { name: 'Страна', exact: true }).selectOption('Россия');
      await field('Город').fill('Москва');
      await field('Пароль').fill('secret-pw-123');
      await field('Повторите пароль').fill('secret-pw-123');
    },
    send: 'Зарегистрироваться',
  },
  {
    name: 'order modal on a product page',
    api: 'ru/services/order-send',
    path: '/ru/epc',
    open: (page) => openBy(page, page.getByRole('main').getByRole('link', { name: 'Купить', exact: true }).first(), 'Купить'),
    fill: async (dialog) => {
      await dialog.getByRole('textbox', { name: 'Имя', exact: true }).fill('Пётр');
      await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('9123456789');
      await dialog.getByRole('radio', { name: 'Представитель автобизнеса' }).check();
    },
    send: 'Отправить заявку',
  },
];

async function sendFrom(page: Page, sender: Sender) {
  const api = await mockApi(page, sender.api, { status: 422, json: { errors: ['Stand-in refusal'] } });
  const dialog = await sender.open(page);
  await sender.fill(dialog);
  await giveConsent(dialog, 'ru');
  await dialog.getByRole('button', { name: sender.send, exact: true }).click();
  await expect.poll(() => api.requests.length).toBe(1);
  return api.bodies()[0]!;
}

test.describe('the visit’s campaign on every lead', () => {
  for (const sender of senders) {
    test(`${sender.name}: the page it was sent from, and the landing page's campaign and referrer`, async ({ page }) => {
      await land(page);
      await follow(page, '/ru/about');
      if (sender.path !== '/ru/about') await follow(page, sender.path);
      const body = await sendFrom(page, sender);
      expect(body).toMatchObject({ url: sender.path, ...CAMPAIGN, consent: 'on' });
      // Only what the landing page had: no tags it did not carry.
      expect(body).not.toHaveProperty('utm_content');
      expect(body).not.toHaveProperty('utm_term');
    });
  }

  test('a new campaign link later in the visit replaces the campaign', async ({ page }) => {
    await land(page);
    await follow(page, '/ru/about');
    // Later the visitor comes back by another campaign's link, from another site.
    await land(page, '/ru/about?utm_source=vk&utm_medium=social&utm_campaign=winter&utm_content=banner', 'https://mail.example/inbox');
    await follow(page, '/ru/epc');
    const body = await sendFrom(page, senders.find((sender) => sender.name === 'order modal on a product page')!);
    expect(body).toMatchObject({ url: '/ru/epc', utm_source: 'vk', utm_medium: 'social', utm_campaign: 'winter', utm_content: 'banner', referrer: 'https://mail.example' });
    expect(body).not.toHaveProperty('utm_term');
  });

  test('a page of the visit that arrived without a campaign and from this site keeps the landing campaign', async ({ page }) => {
    await land(page);
    await follow(page, '/ru/about');
    // Reloading and going to pages of the site: still the same visit.
    await page.reload();
    await hostReady(page);
    const body = await sendFrom(page, senders.find((sender) => sender.name === 'demo dialog')!);
    expect(body).toMatchObject({ url: '/ru/about', ...CAMPAIGN });
  });
});

test.describe('the product page’s form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posted from a page whose address carries a campaign: the post succeeds, with the page (and its campaign) as its Referer', async ({ page }) => {
    await ownAddress(page);
    const landing = '/ru/epc?utm_source=ya&utm_medium=cpc&utm_campaign=autumn';
    await page.goto(landing, { referer: REFERRER });
    const form = page.locator('#order form');
    await form.getByRole('textbox', { name: 'Имя', exact: true }).fill('Пётр Иванов');
    await form.getByRole('textbox', { name: 'Телефон', exact: true }).fill('+7 912 345-67-89');
    await form.getByRole('radio', { name: 'Представитель автобизнеса' }).check();
    await giveConsent(form, 'ru');
    const posted = page.waitForRequest((request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/ru/services/order-send');
    await form.locator('button[name=btn_type][value=btn_buy]').click();
    const request = await posted;
    // The server reads the campaign from here (src/server/leads/attribution.ts).
    expect(new URL(request.headers()['referer']!).pathname + new URL(request.headers()['referer']!).search).toBe(landing);
    const response = await request.response();
    expect(response?.status()).toBe(303);
    await expect(page).toHaveURL(/\/ru\/epc\?order=sent#order$/);
    await expect(page.locator('#order').getByText('Спасибо! Заявка отправлена, с Вами свяжутся в течение 10 минут в рабочее время.')).toBeVisible();
  });
});
