import { describe, expect, it } from 'vitest';
import { issueValues } from './issues';
import { MAX_CHAR_ISSUES, normaliseVin } from './normalise';
import { validateVin } from './validate';

describe('reading a typed VIN', () => {
  it('ignores spaces and dashes and accepts lower case', () => {
    expect(validateVin(' wvw zzz-1jz\t3w386752 ')).toEqual({ ok: true, vin: 'WVWZZZ1JZ3W386752' });
    expect(validateVin('WVW–ZZZ—1JZ3W386752')).toEqual({ ok: true, vin: 'WVWZZZ1JZ3W386752' });
  });

  it('says when there is nothing, or the length is wrong', () => {
    expect(validateVin('')).toEqual({ ok: false, issues: [{ code: 'empty' }] });
    expect(validateVin(' - ')).toEqual({ ok: false, issues: [{ code: 'empty' }] });
    expect(validateVin('WVWZZZ1JZ3W38675')).toEqual({ ok: false, issues: [{ code: 'length', length: 16 }] });
    expect(validateVin('WVWZZZ1JZ3W3867521')).toEqual({ ok: false, issues: [{ code: 'length', length: 18 }] });
  });

  it('names I, O and Q with their position and the digit probably meant', () => {
    expect(validateVin('WVWZZZ1JZ3W38675O')).toEqual({ ok: false, issues: [{ code: 'forbiddenLetter', position: 17, char: 'O', digit: '0' }] });
    expect(validateVin('wvwzzz1jz3w3867i2').ok).toBe(false);
    expect(normaliseVin('Q').issues).toEqual([{ code: 'forbiddenLetter', position: 1, char: 'Q', digit: '0' }]);
  });

  it('rejects Cyrillic look-alikes with the Latin letter they imitate, never mapping them', () => {
    // "ХТА" typed in a Russian layout: Cyrillic Ha, Te, A.
    const result = validateVin('ХТА21214011580133');
    expect(result).toEqual({
      ok: false,
      issues: [
        { code: 'cyrillic', position: 1, char: 'Х', codePoint: 'U+0425', latin: 'X' },
        { code: 'cyrillic', position: 2, char: 'Т', codePoint: 'U+0422', latin: 'T' },
        { code: 'cyrillic', position: 3, char: 'А', codePoint: 'U+0410', latin: 'A' },
      ],
    });
    expect(normaliseVin('xtа').issues).toEqual([{ code: 'cyrillic', position: 3, char: 'а', codePoint: 'U+0430', latin: 'A' }]);
  });

  it('rejects Greek and full-width look-alikes and other characters, counting positions without separators', () => {
    expect(normaliseVin('W-Β').issues).toEqual([{ code: 'greek', position: 2, char: 'Β', codePoint: 'U+0392', latin: 'B' }]);
    expect(normaliseVin('ＷＶ').issues[1]).toEqual({ code: 'fullWidth', position: 2, char: 'Ｖ', codePoint: 'U+FF36', latin: 'V' });
    expect(normaliseVin('ａ').issues[0]).toMatchObject({ code: 'fullWidth', latin: 'A' });
    expect(normaliseVin('AB\u200BC#').issues).toEqual([
      { code: 'invalidChar', position: 3, char: '\u200B', codePoint: 'U+200B' },
      { code: 'invalidChar', position: 5, char: '#', codePoint: 'U+0023' },
    ]);
    expect(normaliseVin('A😀').issues).toEqual([{ code: 'invalidChar', position: 2, char: '😀', codePoint: 'U+1F600' }]);
  });

  it('reports the length and the first few bad characters, not all of them', () => {
    const result = validateVin('ХХХХХХХХХХХХХХХХХХ');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues[0]).toEqual({ code: 'length', length: 18 });
      expect(result.issues).toHaveLength(1 + MAX_CHAR_ISSUES);
    }
  });

  it('answers a 10 KB string by its length without reading it through', () => {
    const started = performance.now();
    expect(validateVin('A'.repeat(10_240))).toEqual({ ok: false, issues: [{ code: 'length', length: 10_240 }] });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('gives the message placeholders as strings', () => {
    expect(issueValues({ code: 'forbiddenLetter', position: 5, char: 'I', digit: '1' })).toEqual({ position: '5', char: 'I', digit: '1' });
  });
});
