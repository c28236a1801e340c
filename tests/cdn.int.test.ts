import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { startCachingProxy } from './support/caching-proxy';

/**
 * The site behind a CDN (docs/decisions/052): a caching proxy on loopback keeps what the edge lets
 * it keep. The CDN names the visitor's country in a header (GEO_HEADER), as Cloudflare's
 * cf-ipcountry does; the product pages differ for visitors in Russia (login and language switch).
 */
describe('behind a caching CDN', () => {
  let app: AppServer;
  let cdn: Awaited<ReturnType<typeof startCachingProxy>>;

  beforeAll(async () => {
    app = await startAppServer({ DATA_DIR: `.e2e-data/cdn-${process.pid}`, GEO_HEADER: 'x-visitor-country', CDN_MAX_AGE: '60' });
    cdn = await startCachingProxy(app.url);
  }, 600_000);
  afterAll(async () => {
    await cdn?.close();
    await app?.kill('SIGTERM');
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${cdn.url}${path}`, { headers, redirect: 'manual' });
  const hasLogin = (html: string) => html.includes('data-dialog="auth"');

  it('keeps a product page per visitor country and never serves one country the other\'s', async () => {
    const ru1 = await get('/en/epc', { 'x-visitor-country': 'RU' });
    expect(ru1.headers.get('x-cache')).toBe('MISS');
    expect(ru1.headers.get('cache-control')).toMatch(/^public, .*s-maxage=60/);
    expect(ru1.headers.get('vary')).toContain('x-visitor-country');
    expect(hasLogin(await ru1.text())).toBe(true);

    const de = await get('/en/epc', { 'x-visitor-country': 'DE' });
    expect(de.headers.get('x-cache')).toBe('MISS');
    expect(hasLogin(await de.text())).toBe(false);

    const ru2 = await get('/en/epc', { 'x-visitor-country': 'RU' });
    expect(ru2.headers.get('x-cache')).toBe('HIT');
    expect(hasLogin(await ru2.text())).toBe(true);
    const de2 = await get('/en/epc', { 'x-visitor-country': 'DE' });
    expect(de2.headers.get('x-cache')).toBe('HIT');
    expect(hasLogin(await de2.text())).toBe(false);
  });

  it('keeps each language under its own address', async () => {
    const ru = await get('/ru/about');
    const en = await get('/en/about');
    expect((await ru.text()).includes('<html lang="ru"')).toBe(true);
    expect((await en.text()).includes('<html lang="en"')).toBe(true);
    const again = await get('/ru/about', { 'accept-language': 'en' });
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect((await again.text()).includes('<html lang="ru"')).toBe(true);
  });

  it('never keeps the language choice of an unprefixed address (a redirect that sets the cookie)', async () => {
    const en = await get('/about', { 'accept-language': 'en' });
    expect(en.status).toBe(307);
    expect(en.headers.get('location')).toBe('/en/about');
    expect(en.headers.get('set-cookie')).toContain('i18n_redirected=en');
    expect(en.headers.get('cache-control')).toBe('private, no-store');
    const ru = await get('/about', { 'accept-language': 'ru' });
    expect(ru.headers.get('x-cache')).toBe('MISS');
    expect(ru.headers.get('location')).toBe('/ru/about');
  });

  it('revalidates with the ETag: 304 and no body', async () => {
    const first = await fetch(`${app.url}/en/pay`, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const second = await fetch(`${app.url}/en/pay`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it('stores nothing that carries a Set-Cookie', () => {
    expect(cdn.stored().length).toBeGreaterThanOrEqual(4);
    for (const entry of cdn.stored()) expect(entry.headers['set-cookie'], entry.url).toBeUndefined();
  });
});
