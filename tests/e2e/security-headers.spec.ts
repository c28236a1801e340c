import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';

const hardening = ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];

test.describe('security headers', () => {
  for (const path of ['/ru', '/en/epc', '/ru/no-such-page', '/api/auth/is-ru']) {
    test(`${path} carries a strict policy and the hardening headers`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' ('(nonce|sha256)-[A-Za-z0-9+/=]{20,}' )+'strict-dynamic'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      for (const directive of hardening) expect(csp).toContain(directive);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(headers['x-powered-by']).toBeUndefined();
    });
  }

  test('a pre-rendered page lists the hash of each inline script it runs, its remainder’s too, and nothing per response', async ({ request }) => {
    const first = await request.get('/ru/about');
    const second = await request.get('/ru/about');
    const csp = first.headers()['content-security-policy'] ?? '';
    expect(second.headers()['content-security-policy']).toBe(csp);
    expect(csp).not.toContain("'nonce-");
    const html = await first.text();
    expect(await second.text()).toBe(html);
    // The scripts React starts with are in the page's remainder (docs/decisions/053), run from it.
    const rest = /<template id="__boot" data-rest="([^"]+)">/.exec(html)?.[1] ?? '';
    const { boot } = (await (await request.get(rest)).json()) as { boot: string };
    const inline = [...`${html}${boot}`.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes = '', body = '']) => ({ attributes, body }));
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    // Data blocks (structured data, Next.js's payload kept as data) are never run: not named.
    const data = inline.filter(({ attributes }) => /\stype="application\/(?:ld\+)?json"/.test(attributes));
    const run = inline.filter((script) => !data.includes(script));
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(run.length).toBeGreaterThanOrEqual(2);
    for (const { body } of run) expect(csp).toContain(hash(body));
    for (const { body } of data) expect(csp).not.toContain(hash(body));
    expect(csp.match(/'sha256-/g)).toHaveLength(new Set(run.map(({ body }) => body)).size);
  });

  test('pages Next.js renders per request keep a nonce on every script, new each time', async ({ request }) => {
    const nonces = new Set<string>();
    // Unknown pages are pre-rendered now; a file-like address still reaches Next.js's own 404.
    for (const path of ['/ru/missing.html', '/en/missing.html']) {
      const response = await request.get(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const scripts = (await response.text()).match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });

  test('a script injected into a pre-rendered page is refused; the page’s own still run', async ({ page }) => {
    await page.route('**/en/pay', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response, body: html });
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => w.__violations.push(event.effectiveDirective));
    });
    await page.goto('/en/pay');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => window.__epcBooted ?? false)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected ?? false)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toContain('script-src-elem');
  });
});
