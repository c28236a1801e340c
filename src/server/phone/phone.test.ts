import { describe, expect, it } from 'vitest';
import { FeedbackInputSchema } from '@/lib/leads/feedback';
import { formatInternational, phoneCountryOf, phoneToE164, withPhoneInE164 } from './phone';

/** What the guard (src/server/http/guard.ts) makes of the phone a form sends, before the schema. */
describe('a phone as forms send it → E.164', () => {
  const cases: [text: string, country: string | undefined, e164: string | undefined][] = [
    // national, with the trunk prefix and without, however it is written
    ['8 916 123-45-67', 'RU', '+79161234567'],
    ['8 903 123-45-67', 'RU', '+79031234567'],
    ['8(916)123.45.67', 'RU', '+79161234567'],
    ['916 123 45 67', 'RU', '+79161234567'],
    ['812 123 45 67', 'RU', '+78121234567'],
    ['8 812 123 45 67', 'RU', '+78121234567'],
    ['8 701 123 4567', 'KZ', '+77011234567'],
    ['701 123 45 67', 'KZ', '+77011234567'],
    ['030 901820', 'DE', '+4930901820'],
    ['0151 12345678', 'DE', '+4915112345678'],
    ['07911 123456', 'GB', '+447911123456'],
    ['020 7946 0018', 'GB', '+442079460018'],
    // international, whatever the country
    ['+7 (926) 765-43-21', 'DE', '+79267654321'],
    ['+49 30 901820', 'RU', '+4930901820'],
    ['+447911123456', undefined, '+447911123456'],
    ['+7 701 123 45 67', 'RU', '+77011234567'],
    // refused: national without a country, not valid there, junk
    ['8 916 123-45-67', undefined, undefined],
    ['8 916 123-45-67', 'GB', undefined],
    ['8 916 123', 'RU', undefined],
    ['+7 016 123 45 67', 'RU', undefined],
    ['+0123', undefined, undefined],
    ['call me', 'RU', undefined],
    ['', 'RU', undefined],
    ['8 916 123-45-67 ext. call me', 'RU', undefined],
  ];
  for (const [text, country, e164] of cases) {
    it(`${JSON.stringify(text)} in ${country ?? 'no country'} → ${e164 ?? 'refused'}`, () => expect(phoneToE164(text, country)).toBe(e164));
  }
});

describe('the country a national number is read in', () => {
  it('the form\'s phone_country first, when it is a country', () => {
    expect(phoneCountryOf('KZ', 'RU', 'ru')).toBe('KZ');
    expect(phoneCountryOf('de', undefined, 'en')).toBe('DE');
    expect(phoneCountryOf('XX', 'GB', 'ru')).toBe('GB');
    expect(phoneCountryOf(['RU'], undefined, 'en')).toBeUndefined();
  });
  it('then the visitor\'s, then the language\'s (ru: Russia, en: none)', () => {
    expect(phoneCountryOf('', 'RU', 'en')).toBe('RU');
    expect(phoneCountryOf(undefined, undefined, 'ru')).toBe('RU');
    expect(phoneCountryOf(undefined, undefined, 'en')).toBeUndefined();
  });
});

describe('the body the schema then parses', () => {
  const feedback = { t: 'feedback', name: 'Ivan', email: 'ivan@example.com', note: 'Hello', department: 'seller', country_name: 'Россия', consent: true };
  const parse = (phone: string, country?: string) => FeedbackInputSchema.safeParse(withPhoneInE164({ ...feedback, phone }, country));
  it('stores the number in E.164', () => {
    const parsed = parse('8 903 123-45-67', 'RU');
    expect(parsed.success && parsed.data.phone).toBe('+79031234567');
    const international = parse('+49 30 901820', 'RU');
    expect(international.success && international.data.phone).toBe('+4930901820');
  });
  it('refuses what is not a valid number as invalidPhone', () => {
    for (const [phone, country] of [['8 916 123-45-67', undefined], ['12345', 'RU'], ['junk', 'RU'], ['+7 016 123 45 67', 'RU']] as const) {
      const parsed = parse(phone, country);
      expect(parsed.success, phone).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['phone', 'invalidPhone']]);
    }
  });
  it('leaves a body without a text phone as it is', () => {
    const body = { name: 'x', phone: 79161234567 };
    expect(withPhoneInE164(body, 'RU')).toBe(body);
  });
});

describe('formatInternational (for staff)', () => {
  it('formats an E.164 number', () => {
    expect(formatInternational('+79161234567')).toBe('+7 916 123 45 67');
    expect(formatInternational('+4930901820')).toBe('+49 30 901820');
  });
  it('gives back what is not one', () => expect(formatInternational('n/a')).toBe('n/a'));
});
