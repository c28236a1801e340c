import { describe, expect, it } from 'vitest';
import { dateDotted, dateWritten, rublesRu, vatClause } from './invoice-text';

describe('invoice text', () => {
  it('writes roubles with a decimal comma and thousands apart', () => {
    expect(rublesRu(4290000)).toBe('42 900,00');
    expect(rublesRu(773607)).toBe('7 736,07');
    expect(rublesRu(5)).toBe('0,05');
    expect(rublesRu(100000000)).toBe('1 000 000,00');
    expect(rublesRu(123456789, '')).toBe('1234567,89');
  });

  it('dates a document in figures and in words', () => {
    expect(dateDotted('2026-11-27')).toBe('27.11.2026');
    expect(dateWritten('2026-11-27')).toBe('27 ноября 2026 г.');
    expect(dateWritten('2027-01-05')).toBe('5 января 2027 г.');
    expect(dateWritten('2026-05-31')).toBe('31 мая 2026 г.');
  });

  it('states the VAT included, or that there is none', () => {
    expect(vatClause('22', 773607)).toBe('в т.ч. НДС 22% 7736,07 руб.');
    expect(vatClause('none', 0)).toBe('НДС не облагается');
  });
});
