import { isValidPhoneNumber } from 'libphonenumber-js/max';

/**
 * Whether a phone number is valid: on the server, exactly, with libphonenumber-js's full metadata
 * (the same the guard reads national numbers with, src/server/phone/phone.ts).
 * Browsers resolve `#phone-validity` to validity.browser.ts instead (package.json "imports"), so
 * the metadata never reaches them (docs/decisions/011).
 */
export function isValidPhone(value: string): boolean {
  return value.trim().startsWith('+') && isValidPhoneNumber(value);
}
