import { AsYouType, parsePhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { phoneFormatsOf } from '@/server/phone/formats';
import { formatPhone } from './phone-format';
import { addPhoneFormats } from './phone-grouping';
import { editPhone } from './phone-typing';

/** Numbers of several countries, landlines and mobiles, with calling codes of one to three digits. */
const NUMBERS: [CountryCode, string][] = [
  ['DE', '+49301234567'],
  ['DE', '+4930901820'],
  ['DE', '+498912345678'],
  ['DE', '+496221123456'],
  ['DE', '+4915123456789'],
  ['GB', '+442079460958'],
  ['GB', '+447911123456'],
  ['US', '+12025550143'],
  ['UA', '+380441234567'],
  ['UA', '+380671234567'],
  ['RU', '+79161234567'],
  ['RU', '+78121234567'],
  ['KZ', '+77011234567'],
  ['FR', '+33612345678'],
  ['IT', '+390612345678'],
  ['CN', '+8613812345678'],
];

describe('grouping with libphonenumber-js formats', () => {
  for (const [country] of NUMBERS) addPhoneFormats(country, phoneFormatsOf(country)!);

  for (const [country, e164] of NUMBERS) {
    it(`${e164} is grouped as the library groups it, whole and typed key by key`, () => {
      const library = parsePhoneNumber(e164).formatInternational();
      expect(formatPhone(e164, country)).toBe(library);
      let shown = '';
      for (const key of e164) shown = editPhone(shown + key, shown.length + 1, country).text;
      expect(shown).toBe(library);
      const typer = new AsYouType();
      expect(typer.input(e164)).toBe(library);
    });
  }

  it('groups a number being typed as the library does while its first digits are typed', () => {
    const typer = new AsYouType();
    let shown = '';
    for (const key of '+49301234567') {
      const library = typer.input(key);
      shown = editPhone(shown + key, shown.length + 1, 'DE').text;
      expect(shown).toBe(library);
    }
  });

  it('knows no formats for what is not a country', () => {
    expect(phoneFormatsOf('XX')).toBeUndefined();
    expect(phoneFormatsOf('de')).toBeUndefined();
  });
});
