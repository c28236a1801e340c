import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-styles.mjs';

describe('stylesheets written into pre-rendered pages', () => {
  const html = '<head><link rel="stylesheet" href="/_next/static/a.css" data-precedence="next"/><link rel="stylesheet" href="/b.css"/></head>';
  const css: Record<string, string> = { '/_next/static/a.css': 'p{color:red}' };

  it('inlines a known stylesheet and keeps its link disabled, for React to find', () => {
    const out = inlineStylesheets(html, (href) => css[href]);
    expect(out).toContain('<style>p{color:red}</style><link rel="stylesheet" href="/_next/static/a.css" data-precedence="next" disabled=""/>');
  });

  it('leaves a stylesheet it cannot read as a link', () => {
    expect(inlineStylesheets(html, (href) => css[href])).toContain('<link rel="stylesheet" href="/b.css"/>');
  });

  it('cannot be closed early by the CSS it carries', () => {
    const out = inlineStylesheets('<link rel="stylesheet" href="/x.css"/>', () => 'a::after{content:"</style><script>"}');
    expect(out.match(/<\/style>/g)).toHaveLength(1);
  });
});
