import { describe, expect, it } from 'vitest';
import { adoptTypedPhone, backspaceOverSeparator, caretAfterDigits, readTyped, shownPhone } from './phone-typing';

describe('adoptTypedPhone: what was typed before React becomes the phone value', () => {
  it('keeps digits typed after the starting code', () => expect(adoptTypedPhone('+79161234567', 'RU')).toBe('+79161234567'));
  it('keeps digits typed before the starting code (caret at the start)', () => expect(adoptTypedPhone('9161234567+7', 'RU')).toBe('+79161234567'));
  it('puts the code before digits typed over a selected code', () => expect(adoptTypedPhone('916 123-45-67', 'RU')).toBe('+79161234567'));
  it('keeps another country typed over the code', () => expect(adoptTypedPhone('+49 151 12345678', 'RU')).toBe('+4915112345678'));
  it('takes an international number where no country is preset', () => expect(adoptTypedPhone('+4915112345678')).toBe('+4915112345678'));
  it('reads digits without a plus as international where no country is preset', () => expect(adoptTypedPhone('4915112345678')).toBe('+4915112345678'));
  it('adopts nothing when only the starting code is there', () => {
    expect(adoptTypedPhone('+7', 'RU')).toBe('');
    expect(adoptTypedPhone('', 'RU')).toBe('');
    expect(adoptTypedPhone('')).toBe('');
  });
});

describe('readTyped: an edit of the phone field', () => {
  it('reads text after a + as international and keeps the caret among the digits', () => {
    expect(readTyped('+7 9161', 7, 'RU')).toEqual({ value: '+79161', digitsBeforeCaret: 5 });
  });
  it('reads digits without a + as the chosen country\'s national number', () => {
    expect(readTyped('916', 3, 'RU')).toEqual({ value: '+7916', digitsBeforeCaret: 4 });
  });
  it('leaves nothing when only the country code is left', () => expect(readTyped('+7', 2, 'RU').value).toBe(''));
  it('drops letters and stops at 15 digits', () => expect(readTyped('+4a9 1234567890123456', 20).value).toBe('+491234567890123'));
});

describe('formatting as the visitor types', () => {
  it('lays the digits over the country\'s template', () => {
    expect(shownPhone('+79161234567', 'RU')).toBe('+7 916 123 45 67');
    expect(shownPhone('+4915112345678')).toBe('+49 1511 2345678');
    expect(shownPhone('+7916', 'RU')).toBe('+7 916');
  });
  it('shows the chosen country\'s code on an empty field', () => {
    expect(shownPhone('', 'RU')).toBe('+7');
    expect(shownPhone('')).toBe('');
  });
  it('puts the caret after the same digit', () => {
    expect(caretAfterDigits('+7 916 123 45 67', 4)).toBe(6);
    expect(caretAfterDigits('+7 916 123 45 67', 5)).toBe(8);
    expect(caretAfterDigits('+7', 0)).toBe(1);
  });
  it('backspace after a space deletes the digit before it', () => {
    expect(backspaceOverSeparator('+7 916 1', 7)).toEqual({ raw: '+7 91 1', caret: 5 });
    expect(backspaceOverSeparator('+7 916 1', 8)).toBeUndefined();
  });
});

describe('readTyped: digits typed before the starting code (the caret was at the start)', () => {
  it('puts the code first and the caret after the typed digits', () => {
    expect(readTyped('9+7', 1, 'RU')).toEqual({ value: '+79', digitsBeforeCaret: 2 });
    expect(readTyped('9123456789+7', 10, 'RU')).toEqual({ value: '+79123456789', digitsBeforeCaret: 11 });
  });
});
