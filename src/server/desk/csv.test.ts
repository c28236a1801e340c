import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

/** A quoted cell's content. */
const unquoted = (cell: string) => {
  expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
  return cell.slice(1, -1).replace(/""/g, '"');
};

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+7 916 123-45-67', '-2+3', '@SUM(A1)', '\tcmd', '\r=1+1'])('make %j inert', (value) => {
    const content = unquoted(csvCell(value));
    expect(content.startsWith("'")).toBe(true);
    expect(content.slice(1)).toBe(value.replace(/([\t\r\n,;])([=+\-@])/g, "$1'$2"));
  });

  it('quote every cell, doubling quotes, whatever the separator (commas, semicolons, tabs, line breaks)', () => {
    expect(csvCell('Иван Петров')).toBe('"Иван Петров"');
    expect(csvCell('ООО «Ромашка», филиал')).toBe('"ООО «Ромашка», филиал"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(new Date('2026-03-04T10:00:00Z'))).toBe('"2026-03-04T10:00:00.000Z"');
    expect(csvRow(['a', 'b,c', 1])).toBe('"a","b,c","1"\r\n');
    expect(csvRow(['a', 'b;c'], ';')).toBe('"a";"b;c"\r\n');
  });

  it('neutralise a formula after a tab, a line break or a separator inside a cell', () => {
    expect(csvCell('Иван\t=1+1')).toBe(`"Иван\t'=1+1"`);
    expect(csvCell('x;@SUM(A1)')).toBe(`"x;'@SUM(A1)"`);
    expect(csvCell('x,+cmd|calc')).toBe(`"x,'+cmd|calc"`);
    expect(csvCell('a\n-1')).toBe(`"a\n'-1"`);
  });

  it('drop direction controls, which would disguise a value in the sheet', () => {
    expect(csvCell('evil\u202Etxt.exe')).toBe('"eviltxt.exe"');
    expect(csvCell('\u2067=1+1\u2069')).toBe(`"'=1+1"`);
  });

  it('never let a cell or a split of it start a formula, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(',', ';', '\t'), (value, separator) => {
        const content = unquoted(csvCell(value));
        for (const piece of content.split(/[\t\r\n,;]/)) expect(/^[=+\-@]/.test(piece), JSON.stringify({ value, separator })).toBe(false);
        expect(/[\u202A-\u202E\u2066-\u2069]/.test(content)).toBe(false);
      }),
    );
  });
});
