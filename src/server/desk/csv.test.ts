import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+7 916 123-45-67', '-2+3', '@SUM(A1)', '\tcmd', '\r=1+1'])('make %j inert', (value) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(unquoted.startsWith("'")).toBe(true);
    expect(unquoted.slice(1)).toBe(value);
  });

  it('leave plain values alone and quote separators, quotes and line breaks', () => {
    expect(csvCell('Иван Петров')).toBe('Иван Петров');
    expect(csvCell('ООО «Ромашка», филиал')).toBe('"ООО «Ромашка», филиал"');
    expect(csvCell('a;b', ';')).toBe('"a;b"');
    expect(csvCell('a;b', ',')).toBe('a;b');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-03-04T10:00:00Z'))).toBe('2026-03-04T10:00:00.000Z');
    expect(csvRow(['a', 'b,c', 1])).toBe('a,"b,c",1\r\n');
  });

  it('never let a cell start a formula, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(',', ';'), (value, separator) => {
        const cell = csvCell(value, separator);
        const content = cell.startsWith('"') ? cell.slice(1) : cell;
        expect(/^[=+\-@\t\r]/.test(content)).toBe(false);
        // Quoted content round-trips.
        if (cell.startsWith('"')) expect(cell.endsWith('"')).toBe(true);
      }),
    );
  });
});
