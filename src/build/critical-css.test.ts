import { describe, expect, it } from 'vitest';
import { criticalStyles } from './critical-css.mjs';

const css = [
  '@layer properties{@supports (not (color:rgb(from red r g b))){*,:before,:after{--tw-shadow:0 0 #0000;--tw-rotate-x:initial}}}',
  '@layer theme{:root{--color-brand:#0f2b55;--color-unused:#123456;--spacing:.25rem;--shade:var(--color-brand);--animate-spin:spin 1s linear infinite}}',
  '.p-2{padding:calc(var(--spacing) * 2)}',
  '.shadow{--tw-shadow:0 1px 2px var(--shade);box-shadow:var(--tw-shadow)}',
  '.hover\\:text-brand:hover{color:var(--color-brand)}',
  '.in-a-dialog{color:red}',
  ':where(.list>:not(:last-child)){margin-block-end:.5rem}',
  ':where(.gone>:not(:last-child)){margin-block-end:.5rem}',
  '[id]{scroll-margin-top:5rem}',
  '.peer:checked~.mark{color:green}',
  'a:hover>.gone{color:red}',
  '@keyframes spin{to{rotate:1turn}}',
  '@keyframes unused{to{opacity:0}}',
  '.animate-spin{animation:var(--animate-spin)}',
  '.rotate{rotate:var(--tw-rotate-x)}',
  '@media (min-width:64rem){.lg\\:p-4{padding:1rem}.lg\\:hidden{display:none}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-rotate-x{syntax:"*";inherits:false}',
].join('');

const page = (style: string) =>
  `<!DOCTYPE html><html lang="ru"><head><style>${style}</style><link rel="stylesheet" href="/_next/static/a.css" disabled=""/></head>` +
  '<body><p id="top" class="p-2 shadow hover:text-brand lg:p-4">x &amp; y</p><ul class="list"><li>a</li><li>b</li></ul><input class="peer" type="checkbox"><span class="mark animate-spin">✓</span><dialog><template data-dialog-content="0"></template></dialog></body></html>';

describe('a page’s inline stylesheet cut down to what its elements use', () => {
  it('keeps the rules that match an element, hover and breakpoint variants included, and drops the others', () => {
    const out = criticalStyles(page(css));
    const style = /<style>([\s\S]*)<\/style>/.exec(out)?.[1] ?? '';
    for (const kept of ['.p-2{', '.shadow{', '.hover\\:text-brand:hover{', '.lg\\:p-4{', ':where(.list>', '[id]{', '.peer:checked~.mark{', '@keyframes spin']) expect(style).toContain(kept);
    for (const dropped of ['.in-a-dialog', '.rotate{', '.lg\\:hidden', ':where(.gone', 'a:hover>.gone', '@keyframes unused']) expect(style).not.toContain(dropped);
  });

  it('reads a pseudo-element only some elements have as those elements, and any other as its element', () => {
    const rules = '::-webkit-datetime-edit-year-field{padding:0}::-webkit-date-and-time-value{min-height:1lh}::-webkit-search-decoration{appearance:none}::file-selector-button{font:inherit}::placeholder{opacity:1}textarea::placeholder{color:gray}::-webkit-details-marker{display:none}p::before{content:""}';
    const style = (body: string) => /<style>([\s\S]*)<\/style>/.exec(criticalStyles(`<html><head><style>${rules}</style></head><body>${body}</body></html>`))?.[1] ?? '';
    expect(style('<p>x</p>')).toBe('p::before{content:""}');
    expect(style('<p>x</p><input type="search" placeholder="Toyota">')).toBe('::-webkit-search-decoration{appearance:none}::placeholder{opacity:1}p::before{content:""}');
    expect(style('<input type="DATE"><input type="file"><details><summary>s</summary></details>')).toBe(
      '::-webkit-datetime-edit-year-field{padding:0}::-webkit-date-and-time-value{min-height:1lh}::file-selector-button{font:inherit}::-webkit-details-marker{display:none}',
    );
  });

  it('keeps the custom properties the kept rules read, through other properties too, and only those', () => {
    const style = /<style>([\s\S]*)<\/style>/.exec(criticalStyles(page(css)))?.[1] ?? '';
    for (const kept of ['--spacing:', '--color-brand:', '--shade:', '@property --tw-shadow', '--tw-shadow:0 0 #0000']) expect(style).toContain(kept);
    for (const dropped of ['--color-unused', '--tw-rotate-x']) expect(style).not.toContain(dropped);
  });

  it('changes nothing in the page but the stylesheet’s text', () => {
    const out = criticalStyles(page(css));
    expect(out.replace(/<style>[\s\S]*<\/style>/, '<style></style>')).toBe(page(''));
  });

  it('leaves a page without an inline stylesheet as it is', () => {
    const html = '<html><head></head><body><p class="p-2">x</p></body></html>';
    expect(criticalStyles(html)).toBe(html);
  });
});
