import { callingCode, countryOfNumber, formatPhone, isCountry, isPlausiblePhone, MAX_DIGITS, nationalToE164, splitCallingCode } from './phone-format';

/**
 * What an edit of the phone field means, as pure functions the field calls on every input
 * (src/components/dialogs/phone-field.tsx) and the forms call on what they send
 * (`withPhoneInE164`). A table test types every case through them key by key
 * (phone-typing.test.ts; docs/decisions/019).
 *
 * Two ways to write a number:
 * - *international*: from the last `+` on (a `+` typed or pasted over a number starts a new one,
 *   so its code replaces the old instead of following it), formatted as it is typed;
 * - *national*: no `+`; read in the assumed country (its trunk prefix, `8 916…` or `0151…`, is
 *   dropped, see `nationalToE164`) and shown as the visitor types it until the field is left.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** What a phone number may be written with: digits, plus, spaces, dashes, dots, parentheses. */
const ALLOWED = /[\d+ ().-]/;

export interface PhoneEdit {
  /** What the field shows. */
  text: string;
  /** Where the caret goes in it. */
  caret: number;
  /** The number in E.164 (`+79161234567`), or '' when nothing was typed. */
  value: string;
  /** The country of the number (for a national one, the assumed country); undefined when unknown. */
  country?: string;
}

/** The allowed characters of `raw` (other spaces become spaces) and where the caret is among them. */
function keepAllowed(raw: string, caret: number): { text: string; caret: number } {
  let text = '';
  let at = 0;
  for (let index = 0; index < raw.length; index++) {
    const char = /\s/.test(raw[index]!) ? ' ' : raw[index]!;
    if (!ALLOWED.test(char)) continue;
    text += char;
    if (index < caret) at++;
  }
  return { text, caret: at };
}

/** At most `max` digits of `text`: what follows the last one kept goes. */
function capDigits(text: string, max: number): string {
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/\d/.test(text[index]!) && ++seen > max) return text.slice(0, index);
  }
  return text;
}

/** An international number (`text` starts with `+`, or is digits where no country is assumed), formatted. */
function international(text: string, caret: number, assumed?: string): PhoneEdit {
  const digits = digitsOf(text).slice(0, MAX_DIGITS);
  const before = Math.min(digitsOf(text.slice(0, caret)).length, digits.length);
  const value = digits ? `+${digits}` : '';
  const shown = value ? formatPhone(value, assumed) : text.startsWith('+') ? '+' : '';
  return { text: shown, caret: caretAfterDigits(shown, before), value, country: value ? countryOfNumber(value, assumed) : undefined };
}

/**
 * An edit of the field: the text and caret the browser left (typing, deleting, pasting,
 * autofill) → what the field shows, its caret, the number and its country. `assumed` is the
 * country a national number is read in (the form's country, the visitor's, the page language's).
 * `asking`: no country is assumed yet but one may come (the visitor's is still being asked), so
 * a number without `+` is kept as typed and not read: read now, `812 123…` would be `+81` (Japan);
 * the field reads it again once the answer comes.
 */
export function editPhone(raw: string, caret: number, assumed?: string, asking = false): PhoneEdit {
  const kept = keepAllowed(raw, caret);
  const plus = kept.text.lastIndexOf('+');
  if (plus >= 0) return international(kept.text.slice(plus), Math.max(0, kept.caret - plus), assumed);
  if (!isCountry(assumed) && !asking) return international(kept.text, kept.caret);
  // A national number is shown as typed; a trunk prefix makes it up to two digits longer.
  const text = capDigits(kept.text, MAX_DIGITS + 2);
  const at = Math.min(kept.caret, text.length);
  if (!isCountry(assumed)) return { text, caret: at, value: '' };
  return { text, caret: at, value: nationalToE164(digitsOf(text), assumed), country: assumed };
}

/**
 * The field's text as the visitor typed it, only its allowed characters and from its last `+`
 * (the number `editPhone` reads), and the caret in it: what the field shows while the grouping of
 * the number's country is on its way (phone-grouping.ts), so that it is grouped once, right.
 */
export function typedPhone(raw: string, caret: number): { text: string; caret: number } {
  const kept = keepAllowed(raw, caret);
  const plus = Math.max(0, kept.text.lastIndexOf('+'));
  const text = capDigits(kept.text.slice(plus), MAX_DIGITS);
  return { text, caret: Math.min(text.length, Math.max(0, kept.caret - plus)) };
}

/**
 * What the field shows once left: a national number that has a possible length becomes its
 * international form (`8 916 123-45-67` → `+7 916 123 45 67`); anything else stays as typed, for
 * the visitor to correct; a lone `+` goes. `asking`: see `editPhone` (a number without `+` stays
 * as typed until the country is known).
 */
export function settledPhone(text: string, assumed?: string, asking = false): string {
  const edit = editPhone(text, text.length, assumed, asking);
  if (asking && !isCountry(assumed) && !text.includes('+')) return edit.text;
  if (text.includes('+') || !isCountry(assumed)) return edit.value ? edit.text : '';
  return isPlausiblePhone(edit.value) ? formatPhone(edit.value, assumed) : edit.text;
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

/**
 * Backspace in a formatted international number: over a digit of its calling code it takes the
 * whole code and its plus, leaving the national number (read in the assumed country; digit by
 * digit the code would pass through other countries' codes); after a separator, see
 * `backspaceOverSeparator`. Undefined when the browser's own deletion is right (national text,
 * just after the plus).
 */
export function backspacePhone(shown: string, caret: number): { raw: string; caret: number } | undefined {
  if (!shown.startsWith('+')) return undefined;
  const code = splitCallingCode(digitsOf(shown))?.code;
  if (code && caret >= 2 && caret <= code.length + 1) return { raw: shown.slice(code.length + 1).trimStart(), caret: 0 };
  return backspaceOverSeparator(shown, caret);
}

/**
 * The text after the visitor picks a country in the field's own chooser: an international
 * number keeps its national digits under the new code (none: as it is); a national one stays as
 * typed (it is then read in that country).
 */
export function phoneInCountry(text: string, next?: string): string {
  if (!text.includes('+') || !next) return text;
  const national = splitCallingCode(digitsOf(text.slice(text.lastIndexOf('+'))))?.national ?? '';
  return national ? formatPhone(`+${callingCode(next)}${national}`, next) : '';
}

/**
 * A form's values with `phone` as E.164, read as the field reads it: national in
 * `values.phone_country` (the field's hidden input) when that is a country, else in
 * `fallbackCountry` (the page language's). What cannot be read stays as it is, for the schema to
 * refuse.
 */
export function withPhoneInE164<T extends Record<string, unknown>>(values: T, fallbackCountry?: string): T {
  const phone = values.phone;
  if (typeof phone !== 'string' || !digitsOf(phone)) return values;
  const chosen = values.phone_country;
  const country = typeof chosen === 'string' && isCountry(chosen) ? chosen : fallbackCountry;
  const { value } = editPhone(phone, phone.length, country);
  return value ? { ...values, phone: value } : values;
}
