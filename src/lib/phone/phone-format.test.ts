import { readFileSync } from 'node:fs';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { OUTPUT, phoneCountries, serialise } from '../../../scripts/phone-countries.mjs';
import { countryOfNumber, isPlausiblePhone, splitCallingCode } from './phone-format';
import { isValidPhone } from './validity';

describe('the phone data', () => {
  it('is what scripts/phone-countries.mjs makes from the installed libphonenumber-js (run npm run phone:countries)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(serialise(phoneCountries()));
  });
});

describe('calling codes and countries', () => {
  it('splits the code off a number', () => {
    expect(splitCallingCode('79161234567')).toEqual({ code: '7', national: '9161234567' });
    expect(splitCallingCode('380441234567')).toEqual({ code: '380', national: '441234567' });
    expect(splitCallingCode('999')).toBeUndefined();
  });
  it('keeps the chosen country when it shares the code, else takes the main one', () => {
    expect(countryOfNumber('+77011234567', 'KZ')).toBe('KZ');
    expect(countryOfNumber('+77011234567')).toBe('RU');
    expect(countryOfNumber('+4915112345678', 'RU')).toBe('DE');
  });
});

describe('validity: plausible in the browser, exact on the server', () => {
  const numbers = ['+79161234567', '+4915112345678', '+12025550143', '+998901234567', '+7916123456', '+791612345678', '+0123', '79161234567', '+7 (916) 123-45-67'];
  it('never calls a number that the server accepts implausible', () => {
    for (const number of numbers) if (isValidPhoneNumber(number) && number.startsWith('+')) expect(isPlausiblePhone(number), number).toBe(true);
  });
  it('refuses wrong lengths, unknown codes and numbers without a plus', () => {
    expect(isPlausiblePhone('+7916123456')).toBe(false);
    expect(isPlausiblePhone('+0123')).toBe(false);
    expect(isPlausiblePhone('79161234567')).toBe(false);
    expect(isPlausiblePhone('+7916abc4567')).toBe(false);
  });
  it('the server checks with the metadata', () => {
    expect(isValidPhone('+7 (916) 123-45-67')).toBe(true);
    expect(isValidPhone('+7 (016) 123-45-67')).toBe(false);
    expect(isValidPhone('89161234567')).toBe(false);
  });
});
