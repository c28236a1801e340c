import { describe, expect, it } from 'vitest';
import { checkDigitOf, computeCheckDigit, transliterate } from './check-digit';

describe('the check digit (ISO 3779, 49 CFR 565.15)', () => {
  it('gives letters the values of the regulation’s table', () => {
    expect(['A', 'H', 'J', 'N', 'P', 'R', 'S', 'Z', '0', '7'].map(transliterate)).toEqual([1, 8, 1, 5, 7, 9, 2, 9, 0, 7]);
    expect(() => transliterate('I')).toThrow(RangeError);
  });

  it('computes X for the worked example of 49 CFR 565 (1M8GDM9AXKP042788)', () => {
    expect(computeCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(checkDigitOf('1M8GDM9AXKP042788', true)).toEqual({ verdict: 'correct', actual: 'X', expected: 'X', required: true });
  });

  it('finds seventeen ones valid (the weights add up to 89, and 89 mod 11 is 1)', () => {
    expect(computeCheckDigit('11111111111111111')).toBe('1');
  });

  it('calls a changed character wrong where the digit is required and where it is not', () => {
    expect(checkDigitOf('1M8GDM9A5KP042788', true)).toMatchObject({ verdict: 'wrong', actual: '5', expected: 'X' });
    expect(checkDigitOf('1M8GDM9A5KP042788', false)).toMatchObject({ verdict: 'wrong', required: false });
  });

  it('says "not used" for a letter at position 9 outside the regions that require the digit', () => {
    expect(checkDigitOf('WVWZZZ1JZ3W386752', false)).toEqual({ verdict: 'notUsed', actual: 'Z', expected: '9', required: false });
    expect(checkDigitOf('WVWZZZ1JZ3W386752', true).verdict).toBe('wrong');
  });
});
