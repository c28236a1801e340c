import { describe, expect, it } from 'vitest';
import { modelYearOf } from './model-year';

/** A VIN with the given characters at positions 7 and 10. */
const vin = (position7: string, position10: string) => `WVWZZZ${position7}JZ${position10}W386752`;
const cycle = { position7Rule: false, maxYear: 2027 };

describe('the model year at position 10', () => {
  it('repeats every 30 years: A is 1980 or 2010', () => {
    expect(modelYearOf(vin('1', 'A'), cycle)).toEqual({ code: 'A', years: [1980, 2010], rule: 'cycle' });
    expect(modelYearOf(vin('1', 'A'), { position7Rule: false, maxYear: 2040 }).years).toEqual([1980, 2010, 2040]);
  });

  it('runs A–Y without I, O, Q, U, Z, then 1–9', () => {
    expect(modelYearOf(vin('1', 'Y'), cycle).years).toEqual([2000]);
    expect(modelYearOf(vin('1', '1'), cycle).years).toEqual([2001]);
    expect(modelYearOf(vin('1', '9'), cycle).years).toEqual([2009]);
    expect(modelYearOf(vin('1', 'T'), cycle).years).toEqual([1996, 2026]);
    expect(modelYearOf(vin('1', 'W'), cycle).years).toEqual([1998]);
  });

  it('calls 0, Z and U "not encoded", not an error', () => {
    for (const code of ['0', 'Z', 'U']) expect(modelYearOf(vin('1', code), cycle)).toEqual({ code, years: [], rule: 'notEncoded' });
  });

  it('decides between the cycles by position 7 where 49 CFR 565 applies', () => {
    const rule = { position7Rule: true, maxYear: 2027 };
    expect(modelYearOf('1G1JC5417K4100001', rule)).toEqual({ code: 'K', years: [1989], rule: 'position7' });
    expect(modelYearOf('1G1JC5SH7K4100001', rule)).toEqual({ code: 'K', years: [2019], rule: 'position7' });
  });

  it('falls back to the cycle when position 7 points at a year still to come', () => {
    expect(modelYearOf('1G1JC5SH79F100001', { position7Rule: true, maxYear: 2027 })).toEqual({ code: '9', years: [2009], rule: 'cycle' });
  });
});
