import { describe, expect, it } from 'vitest';
import { adoptTypedPhone } from './phone-field';

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
