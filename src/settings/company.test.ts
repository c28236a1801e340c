import { describe, expect, it } from 'vitest';
import { BUILD_TIME_SETTINGS, parseSettings, settingsWarnings } from './settings.mjs';

/** A seller with valid control digits (Sberbank's published INN and OGRN). */
const SELLER = { SELLER_NAME: 'ПАО Сбербанк', SELLER_INN: '7707083893', SELLER_OGRN: '1027700132195', SELLER_ADDRESS: '117312, г. Москва, ул. Вавилова, д. 19' };
/** A sole proprietor: a 12-digit INN and a 15-digit OGRNIP. */
const PROPRIETOR = { SELLER_NAME: 'ИП Иванов Иван Иванович', SELLER_INN: '500100732259', SELLER_OGRN: '304500116000157', SELLER_ADDRESS: 'г. Москва' };

/** The message a start with these settings stops with ('' when it starts). */
function refusal(env: Record<string, string>): string {
  try {
    parseSettings(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the company settings', () => {
  it('are all optional: with none, no contacts, no seller and no site address', () => {
    const settings = parseSettings({});
    for (const name of ['CONTACT_PHONE', 'CONTACT_EMAIL', 'CONTACT_MESSENGER_URL', 'SELLER_NAME', 'SELLER_INN', 'SELLER_OGRN', 'SELLER_ADDRESS', 'NEXT_PUBLIC_SITE_URL'] as const) {
      expect(settings[name], name).toBeUndefined();
    }
  });

  it('are build-time: the pre-rendered pages show them', () => {
    expect(BUILD_TIME_SETTINGS).toEqual(expect.arrayContaining(['CONTACT_PHONE', 'CONTACT_EMAIL', 'CONTACT_MESSENGER_URL', 'SELLER_NAME', 'SELLER_INN', 'SELLER_OGRN', 'SELLER_ADDRESS']));
  });

  it('keep the phone in E.164 however it is written, a national number read as Russian', () => {
    for (const written of ['+7 495 123-45-67', '8 (495) 123-45-67', '+74951234567', '  +7 (495) 1234567 ']) {
      expect(parseSettings({ CONTACT_PHONE: written }).CONTACT_PHONE, written).toBe('+74951234567');
    }
    expect(parseSettings({ CONTACT_PHONE: '+49 30 1234567' }).CONTACT_PHONE).toBe('+49301234567');
  });

  it('refuse a phone that is not a valid number, an e-mail that is not one and a messenger link that is not https', () => {
    expect(refusal({ CONTACT_PHONE: '+7 495 12' })).toMatch(/CONTACT_PHONE: must be a valid phone number/);
    expect(refusal({ CONTACT_PHONE: 'call us' })).toMatch(/CONTACT_PHONE/);
    expect(refusal({ CONTACT_EMAIL: 'sales at example.com' })).toMatch(/CONTACT_EMAIL/);
    expect(refusal({ CONTACT_MESSENGER_URL: 'http://t.me/epcsu' })).toMatch(/CONTACT_MESSENGER_URL: must be an https: address/);
    expect(refusal({ CONTACT_MESSENGER_URL: 'javascript:alert(1)' })).toMatch(/CONTACT_MESSENGER_URL/);
    expect(parseSettings({ CONTACT_EMAIL: 'sales@epc.example', CONTACT_MESSENGER_URL: 'https://t.me/epcsu' })).toMatchObject({ CONTACT_EMAIL: 'sales@epc.example', CONTACT_MESSENGER_URL: 'https://t.me/epcsu' });
  });

  it("take an organisation's and a sole proprietor's requisites with valid control digits", () => {
    expect(parseSettings(SELLER)).toMatchObject(SELLER);
    expect(parseSettings(PROPRIETOR)).toMatchObject(PROPRIETOR);
  });

  it('stop the start on a bad INN or OGRN checksum, naming the setting', () => {
    expect(refusal({ ...SELLER, SELLER_INN: '7707083894' })).toMatch(/SELLER_INN: has a wrong control digit/);
    expect(refusal({ ...SELLER, SELLER_OGRN: '1027700132196' })).toMatch(/SELLER_OGRN: has a wrong control digit/);
    expect(refusal({ ...PROPRIETOR, SELLER_INN: '500100732258' })).toMatch(/SELLER_INN: has a wrong control digit/);
    expect(refusal({ ...PROPRIETOR, SELLER_OGRN: '304500116000158' })).toMatch(/SELLER_OGRN: has a wrong control digit/);
  });

  it('stop the start on an INN or OGRN of the wrong length or with other characters', () => {
    expect(refusal({ ...SELLER, SELLER_INN: '770708389' })).toMatch(/SELLER_INN: must be 10 digits/);
    expect(refusal({ ...SELLER, SELLER_OGRN: '1027700132195x' })).toMatch(/SELLER_OGRN: must be 13 digits/);
  });

  it("refuse an organisation's INN with a sole proprietor's OGRNIP", () => {
    expect(refusal({ ...SELLER, SELLER_OGRN: PROPRIETOR.SELLER_OGRN })).toMatch(/SELLER_OGRN: an organisation has a 10-digit INN/);
  });

  it('take the seller whole or not at all', () => {
    expect(refusal({ SELLER_NAME: SELLER.SELLER_NAME })).toMatch(/SELLER_INN: SELLER_NAME, SELLER_INN, SELLER_OGRN, SELLER_ADDRESS go together \(SELLER_INN, SELLER_OGRN, SELLER_ADDRESS unset\)/);
    expect(refusal({ ...SELLER, SELLER_ADDRESS: ' ' })).toMatch(/SELLER_ADDRESS: .*go together/);
  });

  it('name one operator: NEXT_PUBLIC_OPERATOR_NAME may not differ from the seller', () => {
    expect(refusal({ ...SELLER, NEXT_PUBLIC_OPERATOR_NAME: 'ООО «Другое»' })).toMatch(/NEXT_PUBLIC_OPERATOR_NAME: the operator of personal data is the seller/);
    expect(refusal({ ...SELLER, NEXT_PUBLIC_OPERATOR_NAME: SELLER.SELLER_NAME })).toBe('');
    expect(refusal({ NEXT_PUBLIC_OPERATOR_NAME: 'ООО «Оператор»' })).toBe('');
  });
});

describe('the start', () => {
  it('warns when the site address or the seller is not set', () => {
    const warnings = settingsWarnings(parseSettings({}));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^NEXT_PUBLIC_SITE_URL is not set/);
    expect(warnings[1]).toMatch(/^SELLER_NAME, SELLER_INN, SELLER_OGRN and SELLER_ADDRESS are not set/);
    expect(settingsWarnings(parseSettings({ ...SELLER, NEXT_PUBLIC_SITE_URL: 'https://epc.example/' }))).toEqual([]);
  });

  it('keeps the site address without a trailing slash', () => {
    expect(parseSettings({ NEXT_PUBLIC_SITE_URL: 'https://epc.example/' }).NEXT_PUBLIC_SITE_URL).toBe('https://epc.example');
  });

  describe('the seller’s bank', () => {
    const BANK = { SELLER_KPP: '773601001', SELLER_BANK_NAME: 'ПАО Сбербанк', SELLER_BIC: '044525225', SELLER_ACCOUNT: '40702810938000012345', SELLER_CORR_ACCOUNT: '30101810400000000225' };

    it('is taken with the seller, and read at run time (not build-time)', () => {
      expect(refusal({ ...SELLER, ...BANK })).toBe('');
      expect(BUILD_TIME_SETTINGS).not.toEqual(expect.arrayContaining(['SELLER_BIC']));
      expect(refusal({ ...PROPRIETOR, ...BANK, SELLER_KPP: '' })).toBe('');
    });

    it('stops the start on an account or correspondent account that does not match the BIC by its control key', () => {
      expect(refusal({ ...SELLER, ...BANK, SELLER_ACCOUNT: '40702810038000012345' })).toMatch(/SELLER_ACCOUNT: does not match SELLER_BIC/);
      expect(refusal({ ...SELLER, ...BANK, SELLER_CORR_ACCOUNT: '30101810400000000226' })).toMatch(/SELLER_CORR_ACCOUNT/);
      expect(refusal({ ...SELLER, ...BANK, SELLER_BIC: '144525225' })).toMatch(/SELLER_BIC: must be 9 digits beginning 04/);
      expect(refusal({ ...SELLER, ...BANK, SELLER_KPP: '77360100' })).toMatch(/SELLER_KPP: must be 9 characters/);
    });

    it('goes all together, beside the seller, with a KPP exactly for an organisation', () => {
      expect(refusal({ ...SELLER, ...BANK, SELLER_CORR_ACCOUNT: '' })).toMatch(/SELLER_CORR_ACCOUNT unset/);
      expect(refusal(BANK)).toMatch(/the bank details need the seller/);
      expect(refusal({ ...SELLER, ...BANK, SELLER_KPP: '' })).toMatch(/SELLER_KPP: an organisation/);
      expect(refusal({ ...PROPRIETOR, ...BANK })).toMatch(/SELLER_KPP: a sole proprietor/);
    });

    it('knows the VAT rates of 2026 and none else', () => {
      expect(parseSettings({}).VAT_RATE).toBe('22');
      for (const rate of ['20', '10', '7', '5', '0', 'none']) expect(parseSettings({ VAT_RATE: rate }).VAT_RATE).toBe(rate);
      expect(refusal({ VAT_RATE: '18' })).toMatch(/VAT_RATE/);
    });
  });
});
