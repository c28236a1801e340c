import { describe, expect, it } from 'vitest';
import { backspaceOverSeparator, backspacePhone, caretAfterDigits, editPhone, phoneInCountry, settledPhone, withPhoneInE164 } from './phone-typing';

/**
 * The phone field, key by key, through the same functions the field calls
 * (src/components/dialogs/phone-field.tsx): each key is the browser's edit of the shown text at
 * the caret, then `editPhone` (or, for Backspace, `backspacePhone` first); leaving the field
 * shows `settledPhone`. What people type must come out as the number they mean.
 */
class Field {
  text = '';
  caret = 0;
  value = '';
  country?: string;
  /** `asking`: no country assumed yet, the visitor's still being asked (see editPhone). */
  constructor(
    public assumed?: string,
    public asking = false,
  ) {}

  private apply(raw: string, caret: number) {
    const edit = editPhone(raw, caret, this.assumed, this.asking);
    Object.assign(this, { text: edit.text, caret: edit.caret, value: edit.value, country: edit.country });
  }

  /** Types `keys` one by one at the caret (a selection is replaced by the first). */
  type(keys: string, selection?: [number, number]) {
    let [from, to] = selection ?? [this.caret, this.caret];
    for (const key of keys) {
      this.apply(this.text.slice(0, from) + key + this.text.slice(to), from + 1);
      from = to = this.caret;
    }
    return this;
  }

  /** Pastes (or autofills) `text` over the selection at once. */
  paste(text: string, selection: [number, number] = [this.caret, this.caret]) {
    this.apply(this.text.slice(0, selection[0]) + text + this.text.slice(selection[1]), selection[0] + text.length);
    return this;
  }

  backspace(times = 1) {
    for (let n = 0; n < times; n++) {
      const own = backspacePhone(this.text, this.caret);
      if (own) this.apply(own.raw, own.caret);
      else if (this.caret > 0) this.apply(this.text.slice(0, this.caret - 1) + this.text.slice(this.caret), this.caret - 1);
    }
    return this;
  }

  at(caret: number) {
    this.caret = caret;
    return this;
  }

  /** Leaves the field: what it shows then. */
  leave() {
    this.text = settledPhone(this.text, this.assumed, this.asking);
    this.caret = this.text.length;
    return this;
  }
}

const typed = (keys: string, assumed?: string) => new Field(assumed).type(keys);

describe('national numbers in the assumed country, typed key by key', () => {
  const cases: [country: string, keys: string, e164: string, whileTyping: string, left: string][] = [
    ['RU', '8 916 123-45-67', '+79161234567', '8 916 123-45-67', '+7 916 123 45 67'],
    ['RU', '89161234567', '+79161234567', '89161234567', '+7 916 123 45 67'],
    ['RU', '8(916)123.45.67', '+79161234567', '8(916)123.45.67', '+7 916 123 45 67'],
    ['RU', '8 (916) 123 45 67', '+79161234567', '8 (916) 123 45 67', '+7 916 123 45 67'],
    ['RU', '916 123 45 67', '+79161234567', '916 123 45 67', '+7 916 123 45 67'],
    ['RU', '9161234567', '+79161234567', '9161234567', '+7 916 123 45 67'],
    // St Petersburg: 812 is its area code, not 8 + 12…
    ['RU', '812 123 45 67', '+78121234567', '812 123 45 67', '+7 812 123 45 67'],
    ['RU', '8 812 123 45 67', '+78121234567', '8 812 123 45 67', '+7 812 123 45 67'],
    ['RU', '8 800 555-35-35', '+78005553535', '8 800 555-35-35', '+7 800 555 35 35'],
    ['RU', '8 903 123-45-67', '+79031234567', '8 903 123-45-67', '+7 903 123 45 67'],
    ['KZ', '8 701 123 4567', '+77011234567', '8 701 123 4567', '+7 701 123 4567'],
    ['KZ', '8 (727) 250-12-34', '+77272501234', '8 (727) 250-12-34', '+7 727 250 1234'],
    ['KZ', '701 123 45 67', '+77011234567', '701 123 45 67', '+7 701 123 4567'],
    ['DE', '030 901820', '+4930901820', '030 901820', '+49 3090 1820'],
    ['DE', '0151 12345678', '+4915112345678', '0151 12345678', '+49 1511 2345678'],
    ['DE', '0151-1234-5678', '+4915112345678', '0151-1234-5678', '+49 1511 2345678'],
    ['DE', '30 901820', '+4930901820', '30 901820', '+49 3090 1820'],
    ['GB', '07911 123456', '+447911123456', '07911 123456', '+44 7911 123456'],
    ['GB', '020 7946 0018', '+442079460018', '020 7946 0018', '+44 2079 460018'],
    ['GB', '7911 123456', '+447911123456', '7911 123456', '+44 7911 123456'],
  ];
  for (const [country, keys, e164, whileTyping, left] of cases) {
    it(`${country}: ${keys} → ${e164}`, () => {
      const field = typed(keys, country);
      expect(field.text).toBe(whileTyping);
      expect(field.caret).toBe(whileTyping.length);
      expect(field.value).toBe(e164);
      expect(field.country).toBe(country);
      expect(field.leave().text).toBe(left);
    });
  }

  it('keeps what is not yet a whole number as typed when the field is left', () => {
    expect(typed('8 916 12', 'RU').leave().text).toBe('8 916 12');
  });
  it('accepts only digits, +, spaces, dashes, dots and parentheses', () => {
    expect(typed('8a9b1c6 1d2e3', 'RU').text).toBe('8916 123');
  });
  it('reads a national number as international where no country is assumed (English pages)', () => {
    const field = typed('79161234567');
    expect([field.text, field.value, field.country]).toEqual(['+7 916 123 45 67', '+79161234567', 'RU']);
  });
});

describe('while the visitor\'s country is still being asked (English pages, no country assumed yet)', () => {
  const asking = (keys: string) => new Field(undefined, true).type(keys);
  it('keeps a number without + as typed and unread, even when the field is left', () => {
    const field = asking('812 123 45 67');
    expect([field.text, field.caret, field.value, field.country]).toEqual(['812 123 45 67', 13, '', undefined]);
    expect(field.leave().text).toBe('812 123 45 67');
    expect(asking('8a1b2').text).toBe('812');
  });
  it('reads it in the visitor\'s country once that comes: St Petersburg, not Japan', () => {
    const field = asking('812 123 45 67');
    Object.assign(field, { assumed: 'RU', asking: false });
    expect(editPhone(field.text, field.text.length, 'RU').value).toBe('+78121234567');
    expect(field.leave().text).toBe('+7 812 123 45 67');
  });
  it('reads it as international when the answer has no country, as it would have been read at once', () => {
    const held = asking('44 7911 123456');
    expect(editPhone(held.text, held.text.length)).toEqual(editPhone('44 7911 123456', 14));
    expect(editPhone(held.text, held.text.length).value).toBe('+447911123456');
  });
  it('formats a number with + at once: it needs no country', () => {
    const field = asking('+44 7911 123456');
    expect([field.text, field.value, field.country]).toEqual(['+44 7911 123456', '+447911123456', 'GB']);
    expect(field.leave().text).toBe('+44 7911 123456');
  });
});

describe('international numbers: a + switches the country', () => {
  const cases: [assumed: string | undefined, keys: string, e164: string, shown: string, country: string][] = [
    ['RU', '+7 (926) 765-43-21', '+79267654321', '+7 926 765 43 21', 'RU'],
    ['RU', '+79267654321', '+79267654321', '+7 926 765 43 21', 'RU'],
    ['RU', '+49 30 901820', '+4930901820', '+49 3090 1820', 'DE'],
    ['RU', '+44 7911 123456', '+447911123456', '+44 7911 123456', 'GB'],
    ['KZ', '+7 701 123 4567', '+77011234567', '+7 701 123 4567', 'KZ'],
    ['DE', '+49 151 12345678', '+4915112345678', '+49 1511 2345678', 'DE'],
    ['GB', '+7 916 123 45 67', '+79161234567', '+7 916 123 45 67', 'RU'],
    [undefined, '+4915112345678', '+4915112345678', '+49 1511 2345678', 'DE'],
  ];
  for (const [assumed, keys, e164, shown, country] of cases) {
    it(`${assumed ?? 'none'}: ${keys} → ${e164} (${country})`, () => {
      const field = typed(keys, assumed);
      expect([field.text, field.value, field.country]).toEqual([shown, e164, country]);
      expect(field.leave().text).toBe(shown);
    });
  }

  it('a second + code typed after a number replaces it (the text from the last + is the number)', () => {
    const field = typed('+7 916 123 45 67', 'RU');
    field.type('+49 30 901820');
    expect([field.text, field.value, field.country]).toEqual(['+49 3090 1820', '+4930901820', 'DE']);
    field.type('+7 916 123 45 67');
    expect([field.text, field.value, field.country]).toEqual(['+7 916 123 45 67', '+79161234567', 'RU']);
  });
  it('after a German number, a Russian one typed over it is Russian again', () => {
    const field = typed('+49 30 901820', 'RU');
    expect(field.country).toBe('DE');
    field.type('8 916 123-45-67', [0, field.text.length]);
    expect([field.text, field.value, field.country]).toEqual(['8 916 123-45-67', '+79161234567', 'RU']);
    expect(field.leave().text).toBe('+7 916 123 45 67');
  });
  it('keeps the caret on its digit while formatting', () => {
    const field = typed('+7916', 'RU');
    expect([field.text, field.caret]).toEqual(['+7 916', 6]);
    field.at(3).type('5');
    expect([field.text, field.value, field.caret]).toEqual(['+7 591 6', '+75916', 4]);
  });
});

describe('editing: deleting, the middle, paste, autofill', () => {
  it('Backspace over the calling code takes the code and keeps the national number', () => {
    const field = typed('+7 916 123 45 67', 'RU').at(2).backspace();
    expect([field.text, field.caret, field.value, field.country]).toEqual(['916 123 45 67', 0, '+79161234567', 'RU']);
  });
  it('Backspace just after the plus leaves the code typed without it, still read as the code', () => {
    const field = typed('+7 916 123 45 67', 'RU').at(1).backspace();
    expect([field.text, field.value]).toEqual(['7 916 123 45 67', '+79161234567']);
    expect(field.leave().text).toBe('+7 916 123 45 67');
  });
  it('Backspace over the code, then a new code typed in front', () => {
    const field = typed('+49 30 901820', 'RU').at(3).backspace();
    expect(field.text).toBe('3090 1820');
    field.at(0).type('+49 ');
    expect([field.value, field.country]).toEqual(['+4930901820', 'DE']);
  });
  it('Backspace over the whole number empties the field', () => {
    const field = typed('8 916', 'RU').backspace(5);
    expect([field.text, field.value]).toEqual(['', '']);
    expect(typed('+7 9', 'RU').backspace(4).text).toBe('');
  });
  it('Backspace after a separator deletes the digit before it', () => {
    const field = typed('+7 916 1', 'RU').at(7).backspace();
    expect([field.text, field.value]).toEqual(['+7 911', '+7911']);
    expect(backspaceOverSeparator('+7 916 1', 7)).toEqual({ raw: '+7 91 1', caret: 5 });
    expect(backspaceOverSeparator('+7 916 1', 8)).toBeUndefined();
  });
  it('a digit typed in the middle of a national number stays where it was typed', () => {
    const field = typed('8 916 23-45-67', 'RU').at(6).type('1');
    expect([field.text, field.caret, field.value]).toEqual(['8 916 123-45-67', 7, '+79161234567']);
  });
  it('a digit deleted in the middle of an international number', () => {
    const field = typed('+7 916 123 45 67', 'RU').at(8).backspace();
    expect([field.text, field.value, field.caret]).toEqual(['+7 916 234 56 7', '+7916234567', 6]);
  });
  const pasted: [assumed: string | undefined, text: string, e164: string, left: string][] = [
    ['RU', '8 916 123-45-67', '+79161234567', '+7 916 123 45 67'],
    ['RU', '+7 (926) 765-43-21', '+79267654321', '+7 926 765 43 21'],
    ['RU', 'tel: +7 926 765 43 21', '+79267654321', '+7 926 765 43 21'],
    ['RU', '+49 30 901820', '+4930901820', '+49 3090 1820'],
    ['KZ', '87011234567', '+77011234567', '+7 701 123 4567'],
    ['DE', '0151 12345678', '+4915112345678', '+49 1511 2345678'],
    ['GB', '07911 123456', '+447911123456', '+44 7911 123456'],
    [undefined, '+447911123456', '+447911123456', '+44 7911 123456'],
  ];
  for (const [assumed, text, e164, left] of pasted) {
    it(`paste or autofill of ${text} (${assumed ?? 'none'})`, () => {
      const field = new Field(assumed).paste(text);
      expect(field.value).toBe(e164);
      expect(field.leave().text).toBe(left);
    });
  }
  it('a + number pasted over a national one replaces it', () => {
    const field = typed('8 916', 'RU').paste('+49 30 901820');
    expect([field.value, field.country]).toEqual(['+4930901820', 'DE']);
  });
  it('stops at 15 digits', () => expect(typed('+4a9 1234567890123456').value).toBe('+491234567890123'));
  it('a lone plus goes when the field is left', () => expect(typed('+', 'RU').leave().text).toBe(''));
});

describe('changing the assumed country', () => {
  it('re-reads a national number', () => {
    const field = typed('8 701 123 45 67', 'RU');
    expect(field.country).toBe('RU');
    field.assumed = 'KZ';
    expect(editPhone(field.text, field.text.length, field.assumed)).toMatchObject({ value: '+77011234567', country: 'KZ' });
    expect(editPhone('0151 12345678', 13, 'RU').value).not.toBe('+4915112345678');
    expect(editPhone('0151 12345678', 13, 'DE').value).toBe('+4915112345678');
  });
  it('never rewrites an international number', () => {
    expect(editPhone('+7 916 123 45 67', 16, 'DE')).toMatchObject({ value: '+79161234567', country: 'RU' });
  });
  it('the field\'s own chooser keeps the national digits of an international number under the new code', () => {
    expect(phoneInCountry('+7 916 123 45 67', 'KZ')).toBe('+7 916 123 4567');
    expect(phoneInCountry('+49 1511 2345678', 'AT')).toBe('+43 151 12345678');
    expect(phoneInCountry('8 916 123 45 67', 'KZ')).toBe('8 916 123 45 67');
    expect(phoneInCountry('+49 1511 2345678', undefined)).toBe('+49 1511 2345678');
  });
  it('puts the caret after a given digit', () => {
    expect(caretAfterDigits('+7 916 123 45 67', 4)).toBe(6);
    expect(caretAfterDigits('+7 916 123 45 67', 5)).toBe(8);
    expect(caretAfterDigits('+7', 0)).toBe(1);
  });
});

describe('withPhoneInE164: what the forms send', () => {
  const cases: [phone: string, country: string, fallback: string | undefined, e164: string][] = [
    ['8 916 123-45-67', 'RU', undefined, '+79161234567'],
    ['8 916 123-45-67', '', 'RU', '+79161234567'],
    ['8 701 123 45 67', 'KZ', 'RU', '+77011234567'],
    ['030 901820', 'DE', 'RU', '+4930901820'],
    ['07911 123456', 'GB', undefined, '+447911123456'],
    ['+7 916 123 45 67', 'DE', 'RU', '+79161234567'],
    ['+79161234567', '', undefined, '+79161234567'],
    ['+49 3090 1820', 'DE', undefined, '+4930901820'],
    ['812 123 45 67', 'RU', undefined, '+78121234567'],
  ];
  for (const [phone, country, fallback, e164] of cases) {
    it(`${phone} in ${country || 'no country'} (fallback ${fallback ?? 'none'}) → ${e164}`, () => {
      expect(withPhoneInE164({ name: 'Ivan', phone, phone_country: country }, fallback)).toEqual({ name: 'Ivan', phone: e164, phone_country: country });
    });
  }
  it('leaves what it cannot read for the schema to refuse', () => {
    expect(withPhoneInE164({ phone: '' }, 'RU')).toEqual({ phone: '' });
    expect(withPhoneInE164({ phone: 'call me' }, 'RU')).toEqual({ phone: 'call me' });
    expect(withPhoneInE164({ name: 'x' }, 'RU')).toEqual({ name: 'x' });
  });
  it('ignores a phone_country that is not a country', () => {
    expect(withPhoneInE164({ phone: '8 916 123 45 67', phone_country: 'XX' }, 'RU').phone).toBe('+79161234567');
  });
});
