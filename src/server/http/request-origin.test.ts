import { afterEach, describe, expect, it } from 'vitest';
import { setEnvForTests } from '../env';
import { requestOrigin, siteOrigin } from './request-origin';

const headers = (values: Record<string, string>) => new Headers(values);

describe('the origin a request was sent to', () => {
  afterEach(() => setEnvForTests());

  it('is the Host header, with the scheme of the request (plain http for a page read without its URL)', () => {
    setEnvForTests({ TRUST_PROXY: '0' });
    expect(requestOrigin(headers({ host: 'epc.example:8080' }))).toBe('http://epc.example:8080');
    expect(requestOrigin(headers({ host: 'EPC.example' }), 'https://epc.example/sitemap.xml')).toBe('https://epc.example');
  });

  it("takes a proxy's X-Forwarded-Host and -Proto only behind a trusted proxy", () => {
    const forwarded = headers({ host: '127.0.0.1:3000', 'x-forwarded-host': 'www.epc.example', 'x-forwarded-proto': 'https' });
    setEnvForTests({ TRUST_PROXY: '0' });
    expect(requestOrigin(forwarded)).toBe('http://127.0.0.1:3000');
    setEnvForTests({ TRUST_PROXY: '1' });
    expect(requestOrigin(forwarded)).toBe('https://www.epc.example');
  });

  it('is nothing for a host that is no host or a scheme that is not http(s)', () => {
    setEnvForTests({ TRUST_PROXY: '1' });
    expect(requestOrigin(headers({}))).toBeUndefined();
    expect(requestOrigin(headers({ host: 'a b<c>' }))).toBeUndefined();
    expect(requestOrigin(headers({ host: 'epc.example', 'x-forwarded-proto': 'javascript' }))).toBeUndefined();
  });

  it('gives way to NEXT_PUBLIC_SITE_URL when it is set', () => {
    setEnvForTests({ TRUST_PROXY: '0', NEXT_PUBLIC_SITE_URL: 'https://epc.example/' });
    expect(siteOrigin(headers({ host: 'evil.example' }))).toBe('https://epc.example');
    setEnvForTests({ TRUST_PROXY: '0', NEXT_PUBLIC_SITE_URL: '' });
    expect(siteOrigin(headers({ host: 'epc.example' }))).toBe('http://epc.example');
  });
});
