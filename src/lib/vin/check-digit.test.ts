import { describe, expect, it } from 'vitest';
import { checkDigitOf, checkDigitRequiredIn, computeCheckDigit, transliterate } from './check-digit';
import { decodeVin } from './decode';
import { originOf } from './origin';

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

  // A Lada VIN used to be answered with a check-digit warning as its headline.
  it('is mandatory in North America (first character 1–5, and the US block 7F–70) and China (L) only', () => {
    const required = (vin: string) => checkDigitRequiredIn(originOf(vin));
    for (const vin of ['1HGCM82633A004352', '2T1BURHE0JC043821', '3VWFE21C04M000001', '4T1BF1FK5CU123456', '5YJSA1E26HF000001', '7SAYGDEE5NF000001', 'LVSHFFAL0CF100001']) expect(required(vin), vin).toBe(true);
    // Russia (the Soviet range XS–XW and X3–X0, Z6–Z0), Europe, Japan, Korea, South America, Oceania, Africa.
    for (const vin of ['XTA21099043612345', 'X7LHSRGAN56123456', 'Z94CB41AAGR323020', 'WDB2110161A123456', 'SALLAAA146A123456', 'JTDBR32E720012345', 'KMHDN41B36U123456', '9BWZZZ377VT004251', '6FPAAAJGCM1234567', 'AHTFR22G006012345']) expect(required(vin), vin).toBe(false);
    expect(checkDigitRequiredIn(undefined)).toBe(false);
  });

  it('makes a mismatch an error only where it is mandatory: a Lada VIN with another digit at 9 is valid', () => {
    expect(decodeVin('XTA21099043612345')).toMatchObject({ valid: true, issues: [], checkDigit: { verdict: 'wrong', required: false, actual: '0', expected: '5' } });
    expect(decodeVin('2T1BURHE0JC043821')).toMatchObject({ valid: false, issues: [{ code: 'checkDigit', actual: '0', expected: 'X' }] });
    expect(decodeVin('LVSHFFAL0CF100001')).toMatchObject({ valid: false, issues: [{ code: 'checkDigit' }] });
  });
});
