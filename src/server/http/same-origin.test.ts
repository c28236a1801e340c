import { afterEach, describe, expect, it } from 'vitest';
import { setEnvForTests } from '../env';
import { isCrossOrigin } from './same-origin';

const post = (headers: Record<string, string>, url = 'http://localhost:3000/api/desk/login') => new Request(url, { method: 'POST', headers: { host: 'localhost:3000', ...headers } });

describe('the cross-site check', () => {
  afterEach(() => setEnvForTests());

  it('passes the site\'s own origin and requests without Origin, refuses other sites', () => {
    setEnvForTests({ TRUST_PROXY: '0', NEXT_PUBLIC_SITE_URL: 'http://localhost:3000' });
    expect(isCrossOrigin(post({ origin: 'http://localhost:3000' }))).toBe(false);
    expect(isCrossOrigin(post({}))).toBe(false);
    expect(isCrossOrigin(post({ origin: 'https://evil.example' }))).toBe(true);
    expect(isCrossOrigin(post({ origin: 'null' }))).toBe(true);
    expect(isCrossOrigin(post({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
  });

  it('compares the scheme too: a plain-HTTP page of the same host is another origin', () => {
    setEnvForTests({ TRUST_PROXY: '0', NEXT_PUBLIC_SITE_URL: 'https://epc.example' });
    const request = (origin: string) => post({ origin, host: 'epc.example' }, 'https://epc.example/api/desk/login');
    expect(isCrossOrigin(request('https://epc.example'))).toBe(false);
    expect(isCrossOrigin(request('http://epc.example'))).toBe(true);
    expect(isCrossOrigin(request('https://epc.example:8443'))).toBe(true);
  });

  it('trusts X-Forwarded-Host and X-Forwarded-Proto only behind a proxy (TRUST_PROXY)', () => {
    setEnvForTests({ TRUST_PROXY: '0', NEXT_PUBLIC_SITE_URL: 'https://epc.example' });
    const forged = post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'epc.example' }, 'http://epc.example/api/desk/login');
    expect(isCrossOrigin(forged)).toBe(true);
    setEnvForTests({ TRUST_PROXY: '1', NEXT_PUBLIC_SITE_URL: 'https://epc.example' });
    // Behind the proxy the public host and scheme are the proxy's word: another address of the same app passes.
    const proxied = post({ origin: 'https://www.epc.example', 'x-forwarded-host': 'www.epc.example', 'x-forwarded-proto': 'https', host: '127.0.0.1:3000' }, 'http://127.0.0.1:3000/api/desk/login');
    expect(isCrossOrigin(proxied)).toBe(false);
    const plain = post({ origin: 'http://www.epc.example', 'x-forwarded-host': 'www.epc.example', 'x-forwarded-proto': 'https', host: '127.0.0.1:3000' }, 'http://127.0.0.1:3000/api/desk/login');
    expect(isCrossOrigin(plain)).toBe(true);
  });
});
