import { describe, expect, it } from 'vitest';
import { deferScripts } from '../build/lazy-boot.mjs';
import { inlineScriptHashes } from '../runtime/security-headers.mjs';
import { CONSENT_CHECK, CONSENT_COOKIE, CONSENT_MAX_AGE, consentOf } from './consent.mjs';
import { enhanceConsent } from '@/enhancer/metrica-consent.mjs';

describe('consentOf', () => {
  it.each([
    { cookie: 'analytics_consent=granted', expected: 'granted' },
    { cookie: 'i18n_redirected=ru; analytics_consent=denied; _ym_uid=1', expected: 'denied' },
    { cookie: 'analytics_consent=maybe', expected: undefined },
    { cookie: 'xanalytics_consent=granted', expected: undefined },
    { cookie: 'analytics_consent=grantedx', expected: undefined },
    { cookie: '', expected: undefined },
  ])('$cookie → $expected', ({ cookie, expected }) => {
    expect(consentOf(cookie)).toBe(expected);
  });
});

describe('the inline check', () => {
  /** Runs the check against a stand-in document and returns what it set on <html>. */
  const run = (cookie: string) => {
    const attributes: Record<string, string> = {};
    const document = { cookie, documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
    new Function('document', CONSENT_CHECK)(document);
    return attributes;
  };

  it('marks <html> with the stored choice, and nothing without one', () => {
    expect(run('a=1; analytics_consent=granted')).toEqual({ 'data-consent': 'granted' });
    expect(run('analytics_consent=denied')).toEqual({ 'data-consent': 'denied' });
    expect(run('a=1')).toEqual({});
    expect(run('xanalytics_consent=granted')).toEqual({});
  });

  it('reads and writes the same cookie as the enhancer, which names it itself because it is inlined', () => {
    expect(CONSENT_CHECK).toContain(`${CONSENT_COOKIE}=`);
    expect(String(enhanceConsent)).toContain(`${CONSENT_COOKIE}=`);
    expect(String(enhanceConsent)).toContain(`max-age=${CONSENT_MAX_AGE};`);
  });

  it('is inlined into pages only with a counter, as the enhancer’s consent part', () => {
    const html = '<html><head></head><body></body></html>';
    expect(deferScripts(html, { metricaId: 0 }).page).not.toContain(CONSENT_COOKIE);
    expect(deferScripts(html, { metricaId: 12345678 }).page).toContain(CONSENT_COOKIE);
  });

  it('stays in place in a pre-rendered page, hashed for its policy, while the page’s scripts wait for the first interaction', () => {
    const html = `<html><head><script data-eager="">${CONSENT_CHECK}</script></head><body><script src="/a.js"></script><script>self.x=1</script></body></html>`;
    const { page, rest } = deferScripts(html, { metricaId: 1 });
    expect(page).toContain(`<head><script data-eager="">${CONSENT_CHECK}</script></head>`);
    expect(rest.boot).toBe('<script src="/a.js"></script><script>self.x=1</script>');
    expect(inlineScriptHashes(page)).toEqual(expect.arrayContaining(inlineScriptHashes(`<script>${CONSENT_CHECK}</script>`)));
  });
});
