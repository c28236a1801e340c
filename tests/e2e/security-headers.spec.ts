import { expect, test } from './fixtures';

test.describe('security headers', () => {
  for (const path of ['/ru', '/en/epc', '/ru/no-such-page', '/api/auth/is-ru']) {
    test(`${path} carries the policy and the hardening headers`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(headers['x-powered-by']).toBeUndefined();
    });
  }

  test('every script of a page carries this response’s nonce, and the nonce changes', async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ['/ru/about', '/ru/about', '/en/tis', '/ru/missing']) {
      const response = await request.get(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const html = await response.text();
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });
});
