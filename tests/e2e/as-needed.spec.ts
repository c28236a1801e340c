import { ADDRESS, expect, test } from './fixtures';

// The server of this project is built with LOCALE_PREFIX=as-needed: Russian has no prefix.
const noRedirect = { maxRedirects: 0 } as const;

test.describe('a visitor abroad whose browser prefers Russian', () => {
  test.use({ locale: 'ru-RU' });
  test('the Russian index is served without a prefix', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'О компании' })).toHaveAttribute('href', '/about');
  });
});

test('a Russian service page without prefix, with the variant for a visitor in Russia', async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ADDRESS.russia });
  const response = await page.goto('/epc');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'English version' })).toHaveAttribute('href', '/en/epc');
});

test('English keeps its prefix; a visitor choosing English is redirected', async ({ request }) => {
  const response = await request.get('/about?x=1', { headers: { cookie: 'i18n_redirected=en' }, ...noRedirect });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toMatch(/\/en\/about\?x=1$/);
  expect((await request.get('/en/about')).status()).toBe(200);
});

test('/ru/... points at the unprefixed address', async ({ request }) => {
  const response = await request.get('/ru/about', noRedirect);
  expect([307, 308]).toContain(response.status());
  expect(response.headers().location).toMatch(/\/about$/);
});
