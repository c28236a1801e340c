import type { BrowserContext, Page } from '@playwright/test';
import { giveConsent, mockApi } from './dialogs-support';
import { expect, test } from './fixtures';
import { axeViolations } from './axe';

/**
 * The consent notice for analytics cookies (docs/decisions/020), against the build with a
 * Metrica counter (the `metrica` project's server: NEXT_PUBLIC_YM_ID=12345678). Every request to
 * Yandex's hosts is answered here by a stand-in and recorded: no test reaches the outside network.
 */

// Flows of several pages each, on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });

const YANDEX_HOST = /(^|\.)(yandex\.[a-z.]+|yandex\.net|yastatic\.net|yandexmetrica\.com)$/;
const CLIENT_ID = '1700000000999';

/** Metrica's tag.js as a stand-in: replays the queue, records calls and goals, sets `_ym_uid` like the real one. */
const TAG = `(function(){var w=window,q=(w.ym&&w.ym.a)||[];w.__ymCalls=[];
var ym=function(id,method,arg){w.__ymCalls.push(String(method)+(method==='reachGoal'?':'+arg:''));
if(method==='getClientID'&&typeof arg==='function')arg('${CLIENT_ID}');};
for(var i=0;i<q.length;i++)ym.apply(null,q[i]);w.ym=ym;
document.cookie='_ym_uid=${CLIENT_ID}; path=/; max-age=31536000';document.cookie='_ym_d=1; path=/; max-age=31536000';})();`;

/** Routes every Yandex request of the context to the stand-in; returns the URLs asked for. */
async function stubYandex(context: BrowserContext) {
  const requested: string[] = [];
  await context.route(
    (url) => YANDEX_HOST.test(url.hostname),
    (route) => {
      requested.push(route.request().url());
      if (route.request().url().includes('/metrika/tag.js')) return route.fulfill({ status: 200, contentType: 'application/javascript', body: TAG });
      return route.fulfill({ status: 204, body: '' });
    },
  );
  return requested;
}

const texts = {
  ru: { label: 'Согласие на cookie', accept: 'Разрешить', decline: 'Отклонить', policy: 'Политика конфиденциальности', settings: 'Настройки cookie', buy: 'Купить', demo: 'Заказать демо' },
  en: { label: 'Cookie consent', accept: 'Allow', decline: 'Decline', policy: 'Privacy policy', settings: 'Cookie settings', buy: 'Buy', demo: 'Order a demo' },
} as const;

const notice = (page: Page, locale: keyof typeof texts = 'ru') => page.getByRole('region', { name: texts[locale].label });
const ymCookies = async (context: BrowserContext) => (await context.cookies()).filter((cookie) => cookie.name.startsWith('_ym')).map((cookie) => cookie.name);
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'analytics_consent');
const ymCalls = (page: Page) => page.evaluate(() => (window as unknown as { __ymCalls?: string[] }).__ymCalls ?? null);

/** Opens the buy or demo dialog from the page (reaching its goal) and sends it, the lead API mocked; returns the body sent. */
async function sendLead(page: Page, locale: keyof typeof texts, kind: 'buy' | 'demo' = 'buy') {
  const api = await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } } });
  const name = texts[locale][kind];
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: locale === 'ru' ? 'Имя' : 'Name', exact: true }).fill('ООО Ромашка');
  await dialog.getByRole('textbox', { name: locale === 'ru' ? 'Телефон' : 'Phone', exact: true }).pressSequentially(locale === 'ru' ? '9123456789' : '+79123456789');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('buyer@example.com');
  await dialog.getByRole('radio', { name: locale === 'ru' ? 'Купить или посмотреть каталог' : 'To buy or view the catalogue' }).check();
  await giveConsent(dialog, locale);
  await dialog.getByRole('button', { name: locale === 'ru' ? 'Отправить заявку' : 'Send request' }).click();
  await expect.poll(() => api.requests.length).toBe(1);
  // Its answer shown: the send's goal (form_buy) is reached then, not when the request leaves.
  await expect(dialog.getByText(locale === 'ru' ? 'с Вами свяжутся в течение 10 минут' : 'we will contact you within 10 minutes')).toBeVisible();
  return api.bodies()[0]!;
}

test.describe('before a choice', () => {
  for (const locale of ['ru', 'en'] as const) {
    test(`/${locale}: the notice asks in the page's language, nothing of Yandex loads, goals are dropped`, async ({ page, context }) => {
      const yandex = await stubYandex(context);
      await page.goto(`/${locale}`);
      const region = notice(page, locale);
      await expect(region).toBeVisible();
      await expect(region).toContainText(locale === 'ru' ? 'Мы используем cookie Яндекс Метрики' : 'We use Yandex Metrica cookies');
      await expect(region.getByRole('link', { name: texts[locale].policy })).toHaveAttribute('href', `/${locale}/about/privacy`);
      await expect(page.locator('footer').getByRole('button', { name: texts[locale].settings })).toBeVisible();
      // The visitor works with the page: the scripts start, a dialog opens (goal btn_buy).
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => window.__epcBooted ?? false)).toBe(true);
      const body = await sendLead(page, locale);
      expect(body.yandex_metrica_client_id).toBe('');
      await page.waitForLoadState('networkidle');
      expect(yandex).toEqual([]);
      expect(await ymCookies(context)).toEqual([]);
      expect(await page.evaluate(() => typeof window.ym)).toBe('undefined');
      expect(await consentCookie(context)).toBeUndefined();

      // Accepting now starts Metrica, but the goals reached before were dropped, not queued.
      await page.keyboard.press('Escape');
      await region.getByRole('button', { name: texts[locale].accept }).click();
      await expect(region).toBeHidden();
      await expect.poll(() => yandex.some((url) => url.includes('/metrika/tag.js'))).toBe(true);
      await expect.poll(() => ymCalls(page)).toContain('init');
      expect((await ymCalls(page))!.filter((call) => call.startsWith('reachGoal'))).toEqual([]);
    });
  }
});

test('decline: stored for 365 days, nothing of Yandex on later pages, the lead carries no client id', async ({ page, context }) => {
  const yandex = await stubYandex(context);
  await page.goto('/ru');
  await notice(page).getByRole('button', { name: texts.ru.decline }).click();
  await expect(notice(page)).toBeHidden();
  const stored = await consentCookie(context);
  expect(stored).toMatchObject({ value: 'denied', path: '/', sameSite: 'Lax' });
  const days = (stored!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365.01);

  for (const path of ['/ru', '/en/epc', '/ru/vehicle?vin=WVWZZZ1JZ3W386752', '/ru/auth/sign']) {
    await page.goto(path);
    await expect(page.locator('#consent-notice')).toBeHidden();
  }
  await page.goto('/ru');
  await page.keyboard.press('Tab');
  const body = await sendLead(page, 'ru');
  expect(body.yandex_metrica_client_id).toBe('');
  await page.waitForLoadState('networkidle');
  expect(yandex).toEqual([]);
  expect(await ymCookies(context)).toEqual([]);
});

test('accept: Metrica loads on every later page at once, the choice survives a reload, the lead carries the client id; the footer withdraws it', async ({ page, context }) => {
  const yandex = await stubYandex(context);
  await page.goto('/en');
  await notice(page, 'en').getByRole('button', { name: texts.en.accept }).click();
  await expect(notice(page, 'en')).toBeHidden();
  expect(await consentCookie(context)).toMatchObject({ value: 'granted', path: '/', sameSite: 'Lax' });
  await expect.poll(() => ymCalls(page)).toContain('init');

  // Later pages (pre-rendered and per request, both languages) start the tag before any interaction.
  for (const path of ['/ru/epc', '/en/vehicle?vin=WVWZZZ1JZ3W386752', '/ru']) {
    const before = yandex.length;
    await page.goto(path);
    await expect(page.locator('#consent-notice')).toBeHidden();
    await expect.poll(() => ymCalls(page), path).toContain('init');
    expect(yandex.length, path).toBeGreaterThan(before);
  }
  await page.reload();
  await expect(page.locator('#consent-notice')).toBeHidden();
  await expect.poll(() => ymCalls(page)).toContain('init');

  const body = await sendLead(page, 'ru');
  expect(body.yandex_metrica_client_id).toBe(CLIENT_ID);
  expect(await ymCalls(page)).toContain('reachGoal:btn_buy');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The footer's cookie settings show the notice again, focused; declining withdraws consent.
  const settings = page.locator('footer').getByRole('button', { name: texts.ru.settings });
  await settings.click();
  await expect(notice(page)).toBeVisible();
  await expect(notice(page).getByRole('button', { name: texts.ru.accept })).toBeFocused();
  await notice(page).getByRole('button', { name: texts.ru.decline }).click();
  await expect(notice(page)).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('denied');
  expect(await ymCookies(context)).toEqual([]);
  // No more goals on this page, no client id for a lead, and no Metrica on the next pages.
  const goalsBefore = (await ymCalls(page))!.filter((call) => call.startsWith('reachGoal')).length;
  const withdrawn = await sendLead(page, 'ru', 'demo');
  expect(withdrawn.yandex_metrica_client_id).toBe('');
  expect((await ymCalls(page))!.filter((call) => call.startsWith('reachGoal'))).toHaveLength(goalsBefore);
  const requestedBefore = yandex.length;
  for (const path of ['/ru/tis', '/en']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => typeof window.ym), path).toBe('undefined');
  }
  expect(yandex.length).toBe(requestedBefore);
});

test('the notice is reachable by keyboard, announced as a region with real buttons, and axe finds nothing on it', async ({ page, context }) => {
  await stubYandex(context);
  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/en/epc');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${viewport.width} px`).toBe(viewport.width);
  }
  // Second in the tab order, after the skip link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(notice(page, 'en').getByRole('button', { name: texts.en.accept })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(notice(page, 'en').getByRole('button', { name: texts.en.decline })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page, 'en')).toBeHidden();
  expect((await consentCookie(context))?.value).toBe('denied');
});

test('without JavaScript the notice is there and nothing of Yandex loads', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const yandex = await stubYandex(context);
  const page = await context.newPage();
  for (const path of ['/ru', '/en/tis', '/ru/vehicle?vin=WVWZZZ1JZ3W386752']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(notice(page, path.startsWith('/en') ? 'en' : 'ru')).toBeVisible();
    expect(await page.locator('img[src*="yandex"], script[src*="yandex"]').count(), path).toBe(0);
  }
  expect(yandex).toEqual([]);
  expect(await ymCookies(context)).toEqual([]);
  await context.close();
});

type Painted = { shifts: Array<{ value: number; sources: string[] }>; lcp: string[]; noticeSeen: boolean };

/**
 * Records, from the first frame on: the layout shifts (with what moved, marked NOTICE when it is
 * the notice or inside it), the LCP candidates (the same marks, and `main` for the page's own
 * content), and whether the notice was ever visible in a frame.
 */
async function watchPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __painted: Painted };
    const painted: Painted = (w.__painted = { shifts: [], lcp: [], noticeSeen: false });
    const describe = (node: Node | null | undefined) => {
      const element = node instanceof Element ? node : node?.parentElement;
      if (!element) return 'none';
      return `${element.closest('#consent-notice') ? 'NOTICE ' : ''}${element.closest('main') ? 'main ' : ''}${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 40)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        if (!entry.hadRecentInput) painted.shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) painted.lcp.push(describe(entry.element));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const frame = () => {
      if (document.getElementById('consent-notice')?.checkVisibility()) painted.noticeSeen = true;
      if (document.readyState !== 'complete') requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () => page.evaluate(() => (window as unknown as { __painted: Painted }).__painted);
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the notice moves nothing (its CLS is 0) and is not the largest paint`, async ({ page, context }) => {
    await stubYandex(context);
    await page.setViewportSize(viewport);
    const measured = await watchPaint(page);
    for (const path of ['/ru', '/en', '/ru/epc', '/en/vehicle?vin=WVWZZZ1JZ3W386752', '/ru/about/privacy']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(notice(page, path.startsWith('/en') ? 'en' : 'ru')).toBeVisible();
      await page.waitForTimeout(300);
      const { shifts, lcp } = await measured();
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      console.log(`${path} at ${viewport.width} px: CLS ${cls} ${JSON.stringify(shifts)}, LCP candidates ${lcp.join(' | ')}`);
      // The notice never moves and, fixed over the page, moves nothing: no shift is its own. (On a
      // busy machine the browser may paint a page before its header is parsed, and the header's
      // menu then moves, about 0.001: the build without a counter does the same.)
      expect(shifts.filter((shift) => shift.sources.some((source) => source.startsWith('NOTICE'))), path).toEqual([]);
      expect(cls, path).toBeLessThan(0.01);
      // The largest paint is the page's own: on the index, its hero (on a phone the heading or the
      // lead; from 1024 px the product's picture beside them may be larger). The notice, early in
      // the markup, may be an earlier candidate when the first paint comes before the hero is
      // parsed; it is never the last.
      expect(lcp.length, path).toBeGreaterThan(0);
      expect(lcp.at(-1), path).toMatch(/^main /);
      if (path === '/ru' || path === '/en') expect(lcp.at(-1), path).toMatch(viewport.width < 1024 ? /^main (h1|p):/ : /^main (h1|p|img):/);
    }
  });
}

test('with a stored choice the notice is never painted, on pre-rendered and per-request pages', async ({ page, context }) => {
  await stubYandex(context);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/ru');
  await notice(page).getByRole('button', { name: texts.ru.decline }).click();
  const measured = await watchPaint(page);
  for (const path of ['/ru', '/en/epc', '/ru/vehicle?vin=WVWZZZ1JZ3W386752', '/en/tis?brands=vag&months=6&currency=EUR', '/ru/auth/sign', '/ru/no-such-page']) {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.locator('#consent-notice')).toHaveCount(1);
    expect((await measured()).noticeSeen, path).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.consent), path).toBe('denied');
  }
  // The inline check runs under every page's policy (a refused script would leave the notice up).
  expect(errors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
});

test('the desk asks nothing and loads no Metrica', async ({ page, context }) => {
  const yandex = await stubYandex(context);
  await context.addCookies([{ name: 'analytics_consent', value: 'granted', url: test.info().project.use.baseURL! }]);
  await page.goto('/ru/desk/login', { waitUntil: 'networkidle' });
  expect(await page.locator('#consent-notice, [data-consent-open]').count()).toBe(0);
  expect(yandex).toEqual([]);
});

/** Scrolled to the end: how far the footer's last link or button ends below the notice's top (px; <= 0: above it). */
const footerUnderNotice = (page: Page) =>
  page.evaluate(() => {
    scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    const noticeTop = document.querySelector('#consent-notice > div')!.getBoundingClientRect().top;
    const lastBottom = Math.max(...[...document.querySelectorAll('footer a, footer button')].map((element) => element.getBoundingClientRect().bottom));
    return lastBottom - noticeTop;
  });

// Scrolled to the end, the footer's links are above the notice, not under it: on a phone the
// notice (up to 220 px at 320 px in Russian) would otherwise cover the footer's contact link
// until a choice is made. Once the choice is made, the room it took goes with it.
for (const width of [320, 360, 1280]) {
  test(`at ${width} px the footer's links can be tapped while the notice shows, and its room goes with it`, async ({ page, context }) => {
    await stubYandex(context);
    await page.setViewportSize({ width, height: 700 });
    for (const locale of ['ru', 'en'] as const) {
      await page.goto(`/${locale}`);
      await expect(notice(page, locale)).toBeVisible();
      expect(await footerUnderNotice(page), locale).toBeLessThanOrEqual(0);
      const footer = page.locator('footer');
      const withNotice = await footer.evaluate((element) => element.getBoundingClientRect().height);
      await page.locator('footer [data-dialog="feedback"]').click({ trial: true, timeout: 3000 });
      await context.clearCookies();
      await notice(page, locale).getByRole('button', { name: texts[locale].decline }).click();
      await expect(notice(page, locale)).toBeHidden();
      await expect.poll(() => footer.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(withNotice - 100);
      await context.clearCookies();
    }
  });
}
