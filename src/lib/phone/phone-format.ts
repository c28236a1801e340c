import data from './countries.json';
import { groupNational } from './phone-grouping';

/**
 * The phone field's rules without libphonenumber's metadata (docs/decisions/011): the calling
 * codes, an as-you-type template and the possible lengths of each country's numbers, generated from
 * libphonenumber-js by scripts/phone-countries.mjs. The server still checks every number exactly
 * (src/lib/phone/validity.ts).
 */
type Entry = [code: string, template: string, lengths: number[], trunk?: string];
const COUNTRIES = data.countries as unknown as Record<string, Entry>;
/** The main country of each calling code that several countries share; a code of one country is that country's. */
const SHARED_MAIN = data.main as Record<string, string>;
const MAIN: Record<string, string> = { ...Object.fromEntries(Object.entries(COUNTRIES).map(([country, [code]]) => [code, country])), ...SHARED_MAIN };

/** E.164: at most 15 digits after the plus. */
export const MAX_DIGITS = 15;

export function isCountry(country: string | undefined): country is string {
  return country !== undefined && Object.hasOwn(COUNTRIES, country);
}

export function callingCode(country: string): string {
  return COUNTRIES[country]?.[0] ?? '';
}

/** Every country with a calling code, as ISO codes. */
export function phoneCountries(): string[] {
  return Object.keys(COUNTRIES);
}

/**
 * The calling code that starts `digits` (all digits after the plus): codes are 1–3 digits and
 * none is the start of another.
 */
export function splitCallingCode(digits: string): { code: string; national: string } | undefined {
  for (let length = 1; length <= 3; length++) {
    const code = digits.slice(0, length);
    if (Object.hasOwn(MAIN, code)) return { code, national: digits.slice(length) };
  }
  return undefined;
}

/**
 * The country a number belongs to: `preferred` when it shares the number's calling code (+7 is
 * Russia and Kazakhstan), else the code's main country.
 */
export function countryOfNumber(e164: string, preferred?: string): string | undefined {
  const split = splitCallingCode(e164.replace(/\D/g, ''));
  if (!split) return undefined;
  if (preferred && callingCode(preferred) === split.code) return preferred;
  return MAIN[split.code];
}

/** National digits laid over a template: `x` takes a digit; what is left over follows. */
function fillTemplate(template: string, national: string): string {
  if (!template) return national;
  let out = '';
  let next = 0;
  for (const slot of template) {
    if (next >= national.length) break;
    out += slot === 'x' ? national[next++] : slot;
  }
  return out + national.slice(next);
}

/** A number as the visitor sees it while typing: `+7 912 345 67 89`. */
export function formatPhone(e164: string, preferred?: string): string {
  const digits = e164.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (!digits) return '';
  const split = splitCallingCode(digits);
  if (!split) return `+${digits}`;
  const country = countryOfNumber(`+${digits}`, preferred);
  if (!split.national) return `+${split.code}`;
  // libphonenumber-js's grouping where the country's formats are loaded, else the country's template.
  const grouped = groupNational(country, split.national);
  return `+${split.code} ${grouped ?? fillTemplate(country ? COUNTRIES[country]![1] : '', split.national)}`;
}

/** Whether a country's national numbers may be `length` digits long. */
function possibleLength(country: string, length: number): boolean {
  return COUNTRIES[country]?.[2].includes(length) ?? false;
}

/**
 * A number written the national way (digits only, no plus) as E.164 in `country`:
 * - the trunk prefix (`8` in Russia and Kazakhstan, `0` in Germany or the UK) goes, where the
 *   country's numbers never begin with it; where some do (Russia's 812…, Italy's 06…) only when
 *   the digits without it have a possible length and the digits with it do not;
 * - the country's calling code typed without its plus (`7 916…`, what is left when the plus is
 *   deleted) is read as the code on the same condition;
 * - else all the digits are the national number.
 * '' for no digits; without a country the digits are read as international.
 */
export function nationalToE164(digits: string, country?: string): string {
  if (!digits) return '';
  if (!isCountry(country)) return `+${digits.slice(0, MAX_DIGITS)}`;
  const [code, , , trunk = ''] = COUNTRIES[country]!;
  const prefix = trunk.replace('?', '');
  const shorterFits = (drop: number) => possibleLength(country, digits.length - drop) && !possibleLength(country, digits.length);
  let national = digits;
  if (prefix && digits.startsWith(prefix) && (!trunk.endsWith('?') || shorterFits(prefix.length))) national = digits.slice(prefix.length);
  else if (digits.startsWith(code) && shorterFits(code.length)) national = digits.slice(code.length);
  return `+${(code + national).slice(0, MAX_DIGITS)}`;
}

/**
 * What the browser can tell without the metadata: a known calling code and a national number of
 * a length that some country with that code uses. The server's check is exact.
 */
export function isPlausiblePhone(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+') || /[^\d\s()+-]/.test(trimmed)) return false;
  const split = splitCallingCode(trimmed.replace(/\D/g, ''));
  if (!split) return false;
  const length = split.national.length;
  return Object.values(COUNTRIES).some(([code, , lengths]) => code === split.code && lengths.includes(length));
}
