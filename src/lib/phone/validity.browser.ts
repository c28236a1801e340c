import { isPlausiblePhone } from './phone-format';

/**
 * Whether a phone number is valid, as far as a browser can tell without libphonenumber's
 * metadata: a known calling code and a possible length. The server's check (validity.ts) decides.
 */
export function isValidPhone(value: string): boolean {
  return isPlausiblePhone(value);
}
