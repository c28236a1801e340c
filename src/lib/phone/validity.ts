import { isValidPhoneNumber } from 'libphonenumber-js';

/**
 * Whether a phone number is valid: on the server, exactly, with libphonenumber-js's metadata.
 * Browsers resolve `#phone-validity` to validity.browser.ts instead (package.json "imports"), so
 * the metadata never reaches them (docs/decisions/010).
 */
export function isValidPhone(value: string): boolean {
  return value.trim().startsWith('+') && isValidPhoneNumber(value);
}
