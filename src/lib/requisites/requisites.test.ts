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

describe('bank details', async () => {
  const { accountProblem, bicProblem, corrAccountProblem } = await import('./bank.mjs');
  const { kppProblem } = await import('./kpp.mjs');
  // Published: Sberbank (Moscow) and T-Bank, their BICs and correspondent accounts.
  const banks = [
    { bic: '044525225', corr: '30101810400000000225' },
    { bic: '044525974', corr: '30101810145250000974' },
  ];

  it('accepts the published correspondent accounts of their BICs and refuses any other last digit', () => {
    for (const { bic, corr } of banks) {
      expect(bicProblem(bic)).toBeUndefined();
      expect(corrAccountProblem(corr, bic)).toBeUndefined();
      for (const changed of otherLastDigits(corr)) expect(corrAccountProblem(changed, bic), changed).toBe('checksum');
    }
  });

  it('checks a settlement account by its control key with the BIC, and only one key of ten holds', () => {
    const keys = Array.from({ length: 10 }, (_, key) => `40702810${key}38000012345`).filter((account) => !accountProblem(account, '044525225'));
    expect(keys).toEqual(['40702810938000012345']);
    expect(accountProblem('40702810938000012345', '044525974')).toBe('checksum');
  });

  it('refuses malformed BICs, accounts and KPPs as a bad format', () => {
    for (const bic of ['', '04452522', '144525225', '04452522a']) expect(bicProblem(bic), bic).toBe('format');
    for (const account of ['4070281093800001234', '4070281093800001234x']) expect(accountProblem(account, '044525225'), account).toBe('format');
    expect(corrAccountProblem('40702810938000012345', '044525225')).toBe('format');
    for (const kpp of ['773601001', '7736AB001']) expect(kppProblem(kpp), kpp).toBeUndefined();
    for (const kpp of ['', '77360100', '7736ab001', '77360100x']) expect(kppProblem(kpp), kpp).toBe('format');
  });
});
