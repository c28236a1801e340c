import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderRedirectTarget } from './order-redirect';

describe('orderRedirectTarget', () => {
  it('keeps same-origin paths with their query, and lands on the form', () => {
    expect(orderRedirectTarget('/en/vag?x=1#form', 'en', 'sent')).toBe('/en/vag?x=1&order=sent#order');
    expect(orderRedirectTarget('/ru/tis?order=old', 'ru', 'invalid')).toBe('/ru/tis?order=invalid#order');
    expect(orderRedirectTarget('/en/vag?x=1#form', 'en')).toBe('/en/vag?x=1#form');
  });

  it('carries the id of a refused post’s draft, and never an earlier one', () => {
    expect(orderRedirectTarget('/ru/epc?draft=old&order=invalid', 'ru', 'invalid', 'AAAAAAAAAAAAAAAAAAAAAA')).toBe('/ru/epc?order=invalid&draft=AAAAAAAAAAAAAAAAAAAAAA#order');
    expect(orderRedirectTarget('/ru/epc?order=invalid&draft=old', 'ru', 'sent')).toBe('/ru/epc?order=sent#order');
  });

  it.each(['/.//evil.example/phish', '/./\\evil.example/', '/x/..//evil.example/', '/%2e//evil.example/'])('does not let dot segments make %s leave the site', (url) => {
    const target = orderRedirectTarget(url, 'en', 'sent');
    expect(target.startsWith('//')).toBe(false);
    expect(new URL(target, 'https://site.example').host).toBe('site.example');
  });

  it('never leaves the site, whatever the url', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^(\/|\.|\\|%2e|evil|:)+$/)), fc.constantFrom('ru', 'en', 'de', undefined), (url, lang) => {
        const target = orderRedirectTarget(url, lang, 'sent');
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(new URL(target, 'https://site.example').host).toBe('site.example');
      }),
    );
  });
});
