import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { productsIn } from '../../src/site/products.mjs';
import { expect, locales, pageUrl, test } from './fixtures';

const subMenu = (page: import('@playwright/test').Page, name: string) => page.getByRole('navigation', { name });
const messages = { ru, en } as const;
/** The names the product sub-menu shows in a language: its products' entries (src/site/products.mjs). */
const subMenuNames = (locale: keyof typeof messages) => productsIn('sub-menu', locale).map((id) => messages[locale].Nav.products[id]);

test.describe('service layout for a visitor in Russia', () => {
  test.use({ visitor: 'russia' });

  test('ru: full sub-menu with Проценка, language switch and login', async ({ page }) => {
    await page.goto('/ru/epc');
    const menu = subMenu(page, 'Меню продуктов');
    await expect(menu.getByRole('list').getByRole('link')).toHaveText(subMenuNames('ru'));
    await expect(menu.getByRole('link', { name: 'Проценка' })).toHaveAttribute('href', '/ru/supplier');
    await expect(menu.getByRole('link', { name: 'EPC' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'English version' })).toHaveAttribute('href', '/en/epc');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
  });

  test('en: sub-menu without the price inquiry', async ({ page }) => {
    await page.goto('/en/tis');
    const menu = subMenu(page, 'Product menu');
    await expect(menu.getByRole('list').getByRole('link')).toHaveText(subMenuNames('en'));
    await expect(menu.getByRole('link', { name: 'Price inquiry' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Русская версия' })).toHaveAttribute('href', '/ru/tis');
  });
});

test.describe('service layout for a visitor abroad', () => {
  test.use({ visitor: 'abroad' });

  test('no language switch and no login; the HTML is already right', async ({ page, request }) => {
    await page.goto('/ru/vag');
    await expect(subMenu(page, 'Меню продуктов').getByRole('list').getByRole('link')).toHaveCount(subMenuNames('ru').length);
    await expect(page.getByRole('link', { name: 'English version' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toHaveCount(0);
    const html = await (await request.get('/ru/vag', { headers: { 'x-forwarded-for': '8.8.8.8' } })).text();
    expect(html).not.toContain('English version');
    const htmlRu = await (await request.get('/ru/vag', { headers: { 'x-forwarded-for': '77.88.8.8' } })).text();
    expect(htmlRu).toContain('English version');
  });

  test('the default layout keeps the switch and login for everyone', async ({ page }) => {
    await page.goto('/en/about');
    await expect(page.getByRole('link', { name: 'Русская версия' })).toHaveAttribute('href', '/ru/about');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});

for (const locale of locales) {
  test(`${locale}: the footer links every product its entry lists there, in both layouts`, async ({ page }) => {
    const links = productsIn('footer', locale).map((id) => ({ href: pageUrl(locale, id), name: messages[locale].Footer.links[id] }));
    for (const path of ['', 'epc']) {
      await page.goto(pageUrl(locale, path));
      const list = page.getByRole('contentinfo').getByRole('navigation', { name: messages[locale].Footer.productsHeading, exact: true });
      await expect(list.getByRole('link'), path).toHaveText(links.map((link) => link.name));
      expect(await list.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href'))), path).toEqual(links.map((link) => link.href));
    }
  });
}

// The specification's rule (to the index's tariffs) no longer holds: the buy button stays
// with the product (docs/decisions/026, its amendment; the dialog: lead-product.spec.ts).
test('the service buy button names the page’s product and, without scripts, goes to the page’s own order form', async ({ page }) => {
  await page.goto('/ru/moto?utm_source=ya&ref=old&k=1');
  const buy = page.getByRole('navigation', { name: 'Меню продуктов' }).getByRole('link', { name: 'Купить', exact: true });
  await expect(buy).toHaveAttribute('href', '#order');
  await expect(buy).toHaveAttribute('data-fill', 'product=moto');
});

test('the fixed Купить каталог button carries utm parameters to #tarif', async ({ page }) => {
  await page.goto('/ru?utm_source=google&utm_medium=cpc&gclid=1');
  const button = page.getByRole('link', { name: 'Купить каталог' }).first();
  await expect(button).toHaveAttribute('href', '?utm_source=google&utm_medium=cpc#tarif');
  await button.click();
  await expect(page.locator('#tarif')).toBeInViewport();
});

test('switching the language goes to the same page and remembers the choice', async ({ page, context }) => {
  await page.goto('/ru/about/docs');
  await page.getByRole('link', { name: 'English version' }).click();
  await expect(page).toHaveURL(/\/en\/about\/docs$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86400);
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
});

test('no page has horizontal scroll at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/ru', '/en', '/ru/tis', '/en/tis', '/ru/epc', '/ru/about/oferta', '/en/auth/sign', '/ru/missing']) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});

test('every link on the index and a product page leads somewhere', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const path of ['/ru', '/en', '/ru/epc', '/en/epc']) {
    await page.goto(path);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue;
      const key = url.pathname + url.search;
      if (seen.has(key)) continue;
      seen.add(key);
      const response = await request.get(key);
      expect(response.status(), key).toBeLessThan(400);
    }
  }
  expect(seen.size).toBeGreaterThan(20);
});

/**
 * On a busy machine the browser may paint a page while its parser is still inside the header:
 * the wide menu then stood at the bar's right end and moved left when the language switch and
 * the login button came (CLS 0.0085 seen on a product page). The first paint now waits for the
 * page's `<main>` (src/components/layout/page-main.tsx). Here the parser is stopped inside the
 * header on purpose, by a script held just after the menu, and nothing may move.
 */
test.describe('the header while it is parsed', () => {
  // A visitor in Russia: the product page's header has the language switch and the login button.
  test.use({ visitor: 'russia' });
  for (const locale of locales) {
    test(`${locale}: a page painted while its header is being parsed moves nothing in it`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __shifts: string[] }).__shifts = []);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number; sources: Array<{ node?: Node }> }>) {
            for (const { node } of entry.sources) seen.push(`${entry.value.toFixed(4)} ${(node?.textContent ?? '').trim().slice(0, 30)}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let held = false;
      await page.route('**/__parser-pause.js', async (route) => {
        // Meanwhile the browser may paint the header as far as its parser got.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        held = true;
        await route.fulfill({ contentType: 'text/javascript', body: '' });
      });
      await page.route(pageUrl(locale, 'epc'), async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const menuEnd = html.indexOf('</nav>') + '</nav>'.length;
        expect(html.slice(0, menuEnd)).toContain('<header');
        // The script is the page's own (no CSP nonce), so the CSP goes; the body is sent as text.
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-security-policy', 'content-length', 'content-encoding'].includes(name)));
        await route.fulfill({ response, headers, body: `${html.slice(0, menuEnd)}<script src="/__parser-pause.js"></script>${html.slice(menuEnd)}` });
      });
      await page.goto(pageUrl(locale, 'epc'));
      expect(held).toBe(true);
      await expect(page.getByRole('banner').getByRole('link', { name: messages[locale].Nav.login })).toBeVisible();
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    });
  }
});
