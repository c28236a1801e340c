import { describe, expect, it } from 'vitest';
import { innKind, innProblem } from './inn.mjs';
import { ogrnKind, ogrnProblem } from './ogrn.mjs';

/** Published numbers of real registrations (Sberbank, Yandex, sole proprietors). */
const VALID = {
  innOrganisation: ['7707083893', '7736207543'],
  innPerson: ['500100732259', '773173084809'],
  ogrn: ['1027700132195', '1027700229193'],
  ogrnip: ['304500116000157', '316861700133226'],
};

/** The same number with its last digit changed to each of the nine others. */
const otherLastDigits = (value: string) =>
  Array.from({ length: 10 }, (_, digit) => `${value.slice(0, -1)}${digit}`).filter((changed) => changed !== value);

describe('INN', () => {
  it('accepts valid INNs of organisations (10 digits) and persons (12)', () => {
    for (const inn of VALID.innOrganisation) expect([innProblem(inn), innKind(inn)]).toEqual([undefined, 'organisation']);
    for (const inn of VALID.innPerson) expect([innProblem(inn), innKind(inn)]).toEqual([undefined, 'person']);
  });

  it('refuses any other last digit as a bad checksum', () => {
    for (const inn of [...VALID.innOrganisation, ...VALID.innPerson]) {
      for (const changed of otherLastDigits(inn)) expect(innProblem(changed), changed).toBe('checksum');
    }
  });

  it("refuses a person's INN whose eleventh digit is wrong though the twelfth matches the sum", () => {
    expect(innProblem('500100732269')).toBe('checksum');
  });

  it('refuses other lengths, letters and spaces as a bad format', () => {
    for (const value of ['', '770708389', '77070838930', '7707 083893', '77070838a3', '5001007322590', '1027700132195']) expect(innProblem(value), value).toBe('format');
  });

  it('accepts only the kinds asked for', () => {
    expect(innProblem('7707083893', ['person'])).toBe('format');
    expect(innProblem('500100732259', ['organisation'])).toBe('format');
    expect(innProblem('500100732259', ['person'])).toBeUndefined();
  });
});

describe('OGRN and OGRNIP', () => {
  it("accepts valid OGRNs (13 digits) and sole proprietors' OGRNIPs (15)", () => {
    for (const ogrn of VALID.ogrn) expect([ogrnProblem(ogrn), ogrnKind(ogrn)]).toEqual([undefined, 'organisation']);
    for (const ogrn of VALID.ogrnip) expect([ogrnProblem(ogrn), ogrnKind(ogrn)]).toEqual([undefined, 'person']);
  });

  it('refuses any other last digit as a bad checksum', () => {
    for (const ogrn of [...VALID.ogrn, ...VALID.ogrnip]) {
      for (const changed of otherLastDigits(ogrn)) expect(ogrnProblem(changed), changed).toBe('checksum');
    }
  });

  it('counts a remainder of 10 as the control digit 0', () => {
    // 102770013219 % 11 = 10 would not fit one digit: the rule takes it modulo 10.
    const body = Array.from({ length: 1000 }, (_, i) => String(102770013000 + i)).find((digits) => BigInt(digits) % 11n === 10n)!;
    expect(ogrnProblem(`${body}0`)).toBeUndefined();
  });

  it('refuses other lengths and characters as a bad format', () => {
    for (const value of ['', '102770013219', '10277001321950', '1027700132195 ', '30450011600015x', '7707083893']) expect(ogrnProblem(value), value).toBe('format');
  });

  it('accepts only the kinds asked for', () => {
    expect(ogrnProblem('1027700132195', ['person'])).toBe('format');
    expect(ogrnProblem('304500116000157', ['organisation'])).toBe('format');
  });
});
