import { describe, expect, it } from 'vitest';
import { accountReturn, signInPath } from './partner-paths';
import { readPurchaseChoice, tisPurchaseQuery } from './purchase-query';

describe('accountReturn', () => {
  it('keeps a path of the partner area in the page’s language, with its query', () => {
    expect(accountReturn('/ru/auth/account?buy=tis&brands=vag&months=3', 'ru')).toBe('/ru/auth/account?buy=tis&brands=vag&months=3');
    expect(accountReturn('/en/auth/account/invoices/0b7c6f0e-2c5a-4c7e-9a51-0e6f6a1d2b3c?paid=card', 'en')).toBe('/en/auth/account/invoices/0b7c6f0e-2c5a-4c7e-9a51-0e6f6a1d2b3c?paid=card');
  });

  it('refuses other sites, other pages, the other language and tricks', () => {
    for (const next of [
      'https://evil.example/ru/auth/account',
      '//evil.example/ru/auth/account',
      '/\\evil.example/ru/auth/account',
      '/ru/auth/accountant',
      '/ru/auth/sign',
      '/en/auth/account',
      '/ru/auth/account/../../desk',
      '/ru/auth/account\n',
      'ru/auth/account',
      '',
      null,
    ]) {
      expect(accountReturn(next, 'ru'), String(next)).toBeUndefined();
    }
  });

  it('makes the sign-in address with the session notice and the return', () => {
    expect(signInPath('ru', { session: true })).toBe('/ru/auth/sign?message=session');
    expect(signInPath('en', { back: '/en/auth/account?buy=tis&brands=vag&months=3' })).toBe(`/en/auth/sign?next=${encodeURIComponent('/en/auth/account?buy=tis&brands=vag&months=3')}`);
    expect(signInPath('ru', { back: 'https://evil.example/' })).toBe('/ru/auth/sign');
  });
});

describe('readPurchaseChoice', () => {
  it('reads the calculator’s set and the products the price book sells per workstation', () => {
    expect(readPurchaseChoice(`?${tisPurchaseQuery(['bmw-mini', 'volvo'], 3)}`)).toEqual({ catalogues: [], brands: ['bmw-mini', 'volvo'], months: 3 });
    expect(readPurchaseChoice('?buy=epc,moto,tis&brands=vag&months=12')).toEqual({ catalogues: ['epc', 'moto'], brands: ['vag'], months: 12 });
  });

  it('leaves out what cannot be bought, and brands without TIS', () => {
    expect(readPurchaseChoice('?buy=supplier,EPC,nope&brands=vag,tesla&months=5')).toEqual({ catalogues: ['epc'], brands: [], months: 1 });
    expect(readPurchaseChoice('')).toEqual({ catalogues: [], brands: [], months: 1 });
  });
});
