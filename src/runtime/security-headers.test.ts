import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routeRequest } from './router.mjs';
import { allowsThirdParties, contentSecurityPolicy, createNonce, inlineScriptHashes } from './security-headers.mjs';

describe('createNonce', () => {
  it('gives 128-bit base64 nonces, none repeated across several refills of its pool', () => {
    const nonces = Array.from({ length: 2000 }, () => createNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('puts the nonce into script-src with strict-dynamic', () => {
    const nonce = createNonce();
    expect(contentSecurityPolicy([`'nonce-${nonce}'`], { analytics: false })).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  });

  it('lists a pre-rendered page\'s script hashes instead, never unsafe-inline or unsafe-eval', () => {
    const policy = contentSecurityPolicy(["'sha256-AAA='", "'sha256-BBB='"], { analytics: false });
    expect(policy).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=' 'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
  });
});

describe('inline script hashes of a pre-rendered page', () => {
  it('hashes every inline script, those kept in the boot template too, and no external one', () => {
    const html = '<script>self.a=1</script><script src="/x.js" async=""></script><template id="__boot"><script>self.b=2</script></template>';
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    // sha256 of "self.a=1", as a browser computes it for the CSP
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update('self.a=1').digest('base64')}'`);
  });

  it('names no data block, which a browser never runs: structured data, a JSON payload', () => {
    const run = ['<script>self.a=1</script>', '<script type="module">self.b=1</script>', '<script type="text/javascript">self.c=1</script>', '<script type="">self.d=1</script>'];
    const data = ['<script type="application/ld+json">{"@type":"Organization"}</script>', '<script type="application/json" data-next-f>[0]</script>'];
    expect(inlineScriptHashes([...run, ...data].join(''))).toHaveLength(run.length);
  });
});

describe('the desk\'s policy', () => {
  const route = (pathname: string) => routeRequest({ pathname, search: '', isRu: false, localePrefix: 'always' });

  it('names no third party on the sales desk, even with Metrica configured', () => {
    for (const pathname of ['/ru/desk', '/en/desk/leads/x', '/ru/desk/login']) {
      const policy = contentSecurityPolicy(["'nonce-x'"], { analytics: allowsThirdParties(route(pathname), true) });
      expect(policy).not.toMatch(/yandex/);
      expect(policy).toContain("frame-src 'none'");
      expect(policy).toMatch(/img-src 'self' data: blob:;/);
    }
    // The public pages keep Metrica when it is configured, and only then.
    expect(contentSecurityPolicy(["'nonce-x'"], { analytics: allowsThirdParties(route('/ru/tis'), true) })).toContain('https://mc.yandex.ru');
    expect(allowsThirdParties(route('/ru/tis'), false)).toBe(false);
  });
});
