import { describe, expect, it } from 'vitest';
import { splitForNonce, withNonce } from './static-pages.mjs';

describe('nonce placement in pre-rendered HTML', () => {
  const html =
    '<head><link rel="stylesheet" href="/a.css"/><link rel="preload" as="script" fetchPriority="low" href="/b.js"/>' +
    '<script src="/c.js" async=""></script></head><body><p>&lt;script&gt; in text</p><script>self.x=1</script><noscript>n</noscript></body>';

  it('puts the nonce on every script and script preload, and nowhere else', () => {
    const out = withNonce(splitForNonce(html), 'N0nce');
    expect(out.match(/nonce="N0nce"/g)).toHaveLength(3);
    expect(out).toContain('<link nonce="N0nce" rel="preload" as="script"');
    expect(out).toContain('<script nonce="N0nce" src="/c.js"');
    expect(out).toContain('<script nonce="N0nce">self.x=1');
    expect(out).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(out).toContain('<noscript>n</noscript>');
  });

  it('gives each response its own nonce from the same parts', () => {
    const parts = splitForNonce(html);
    expect(withNonce(parts, 'a')).not.toBe(withNonce(parts, 'b'));
    expect(withNonce(parts, 'a').replaceAll(' nonce="a"', '')).toBe(html);
  });
});
