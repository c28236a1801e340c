import { callingCode, formatPhone, MAX_DIGITS } from './phone-format';

/**
 * What an edit of the phone field means, as pure functions the field calls on every input
 * (src/components/dialogs/phone-field.tsx).
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The number an edit leaves (`+` and up to 15 digits, or '' when nothing beyond the country's code
 * was typed) and how many of its digits stand before the caret. Text that starts with `+` is
 * international. Otherwise the digits are the national number of `country`, wherever the caret
 * put them around its code (`9161234567+7`: typed before the `+7` the field started with).
 */
export function readTyped(raw: string, caret: number, country?: string): { value: string; digitsBeforeCaret: number } {
  const code = country ? callingCode(country) : '';
  let digits = digitsOf(raw);
  let before = digitsOf(raw.slice(0, caret)).length;
  if (code && !raw.trimStart().startsWith('+')) {
    const prefixAt = raw.indexOf(`+${code}`);
    if (prefixAt < 0) digits = code + digits;
    else digits = code + digitsOf(raw.slice(0, prefixAt) + raw.slice(prefixAt + code.length + 1));
    if (prefixAt < 0 || caret <= prefixAt) before += code.length;
  }
  digits = digits.slice(0, MAX_DIGITS);
  const value = digits && digits !== code ? `+${digits}` : '';
  return { value, digitsBeforeCaret: Math.min(before, digits.length) };
}

/** Where the caret goes in `shown`: just after its `digits`-th digit (after the plus when none). */
export function caretAfterDigits(shown: string, digits: number): number {
  if (digits <= 0) return shown.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < shown.length; index++) {
    if (/\d/.test(shown[index]!) && ++seen === digits) return index + 1;
  }
  return shown.length;
}

/**
 * Backspace just after a space or dash deletes the digit before it (the formatting would put the
 * separator straight back). The edited text and caret, or undefined when the browser's own
 * deletion is right.
 */
export function backspaceOverSeparator(shown: string, caret: number): { raw: string; caret: number } | undefined {
  if (caret <= 0 || /[\d+]/.test(shown[caret - 1]!)) return undefined;
  let index = caret - 1;
  while (index > 0 && !/\d/.test(shown[index]!)) index--;
  if (!/\d/.test(shown[index]!)) return undefined;
  return { raw: shown.slice(0, index) + shown.slice(index + 1), caret: index };
}

/** What the field shows for a value: the number formatted, or the country's code to start from. */
export function shownPhone(value: string, country?: string): string {
  if (value) return formatPhone(value, country);
  return country ? `+${callingCode(country)}` : '';
}

/**
 * The number typed into the plain field before React took it over, as the field's value: read
 * as an edit that ends with the caret after the text.
 */
export function adoptTypedPhone(typed: string, country?: string): string {
  return readTyped(typed, typed.length, country).value;
}
