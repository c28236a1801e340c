import { ADDRESS, expect, test } from './fixtures';

const noRedirect = { maxRedirects: 0 } as const;

test.describe('unprefixed URLs redirect to the chosen locale', () => {
  const cases: { name: string; headers: Record<string, string>; expected: string }[] = [
    { name: 'browser en, abroad → en', headers: { 'accept-language': 'en-US,en;q=0.9', 'x-forwarded-for': ADDRESS.abroad }, expected: 'en' },
    { name: 'browser ru, abroad → ru', headers: { 'accept-language': 'ru-RU,ru;q=0.9', 'x-forwarded-for': ADDRESS.abroad }, expected: 'ru' },
    { name: 'in Russia beats browser en', headers: { 'accept-language': 'en-US', 'x-forwarded-for': ADDRESS.russia }, expected: 'ru' },
    { name: 'cookie beats Russia', headers: { cookie: 'i18n_redirected=en', 'x-forwarded-for': ADDRESS.russia }, expected: 'en' },
    { name: 'cookie ru beats browser en', headers: { cookie: 'i18n_redirected=ru', 'accept-language': 'en' }, expected: 'ru' },
    { name: 'nothing known → en', headers: { 'accept-language': 'de-DE', 'x-forwarded-for': ADDRESS.abroad }, expected: 'en' },
  ];
  for (const { name, headers, expected } of cases) {
    test(name, async ({ request }) => {
      const response = await request.get('/', { headers, ...noRedirect });
      expect(response.status()).toBe(307);
      expect(new URL(response.headers().location!, 'http://x').pathname).toBe(`/${expected}`);
    });
  }

  test('path and query are kept, and the cookie is written for a year', async ({ request }) => {
    const response = await request.get('/about/docs?utm_source=mail&x=1', { headers: { 'accept-language': 'en' }, ...noRedirect });
    expect(response.status()).toBe(307);
    const location = new URL(response.headers().location!, 'http://x');
    expect(location.pathname + location.search).toBe('/en/about/docs?utm_source=mail&x=1');
    const cookie = response.headers()['set-cookie'] ?? '';
    expect(cookie).toMatch(/i18n_redirected=en/);
    expect(cookie).toMatch(/Max-Age=31536000/i);
    expect(cookie).toMatch(/Path=\//i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  test('a product page redirects like any other', async ({ request }) => {
    const response = await request.get('/to', { headers: { 'x-forwarded-for': ADDRESS.russia }, ...noRedirect });
    expect(response.headers().location).toMatch(/\/ru\/to$/);
  });
});

test.describe('not found, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [path, heading, home] of [
    ['/ru/no-such-page', 'Страница не найдена', 'На главную'],
    ['/en/products/nothing', 'This page could not be found', 'Go to the home page'],
    ['/ru/geo-ru/epc', 'Страница не найдена', 'На главную'],
  ] as const) {
    test(`${path} is real HTML: status 404, the message and the way home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main').getByRole('link', { name: home })).toHaveAttribute('href', `/${path.split('/')[1]}`);
    });
  }
});

test.describe('not found', () => {
  test('unknown page in Russian', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
    await expect(page.getByRole('link', { name: 'На главную' }).last()).toHaveAttribute('href', '/ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('unknown page in English', async ({ page }) => {
    const response = await page.goto('/en/products/nothing');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(page.getByRole('link', { name: 'Go to the home page' }).last()).toHaveAttribute('href', '/en');
  });

  test('an unknown locale ends in a 404', async ({ page }) => {
    const response = await page.goto('/de/about', { waitUntil: 'commit' });
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toMatch(/^\/(en|ru)\/de\/about$/);
  });

  test('the internal variant paths are not reachable', async ({ request }) => {
    expect((await request.get('/ru/geo-ru/epc')).status()).toBe(404);
    expect((await request.get('/en/geo-world/tis')).status()).toBe(404);
    expect((await request.get('/en/about/nothing')).status()).toBe(404);
  });

  test('the API is not localised', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint', noRedirect);
    expect(response.status()).toBe(404);
  });
});

test.describe('visitor detection', () => {
  test('is-ru answers from the client address', async ({ request }) => {
    const ru = await request.get('/api/auth/is-ru', { headers: { 'x-forwarded-for': ADDRESS.russia } });
    expect(await ru.json()).toEqual({ result: true });
    const abroad = await request.get('/api/auth/is-ru', { headers: { 'x-forwarded-for': ADDRESS.abroad } });
    expect(await abroad.json()).toEqual({ result: false });
    const local = await request.get('/api/auth/is-ru');
    expect(await local.json()).toEqual({ result: false });
  });
});

test.describe('being found', () => {
  test('sitemap lists every page in both languages, but Проценка in Russian only', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls).toHaveLength(31);
    // Sold in Russia only: its English page exists but is not offered to search engines.
    expect(urls).toContain('/ru/supplier');
    expect(urls).not.toContain('/en/supplier');
    expect(xml).not.toContain('/en/supplier');
    expect(urls).toContain('/ru/about/oferta');
    expect(urls).toContain('/en/about/consent');
    expect(urls).toContain('/en/vehicle');
    expect(xml).toContain('hreflang="en-US"');
  });

  test('the English Проценка page says it is sold in Russia only; the pages that sell everywhere do not', async ({ page }) => {
    const notice = /sold in Russia only/;
    await page.goto('/en/supplier');
    await expect(page.getByRole('main').getByText(notice)).toBeVisible();
    await page.goto('/en/epc');
    await expect(page.getByRole('main').getByText(notice)).toHaveCount(0);
    await page.goto('/ru/supplier');
    await expect(page.getByRole('main').getByText(/только в России/)).toHaveCount(0);
  });

  test('robots.txt points at the sitemap', async ({ request }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toMatch(/Sitemap: .+\/sitemap\.xml/);
    expect(text).toMatch(/Disallow: \/api\//);
  });
});
