import 'server-only';
import geoip from 'geoip-country';
import { clientAddress } from '@/lib/client-ip';
import { getEnv } from './env';

/** Two-letter country of an address, or undefined for private, reserved and unknown ones. */
export function countryOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return geoip.lookup(address)?.country || undefined;
  } catch {
    return undefined;
  }
}

/** The client address of a request under TRUST_PROXY (see lib/client-ip.ts). */
export function requestAddress(headers: Headers): string | undefined {
  return clientAddress(headers.get('x-forwarded-for'), getEnv().TRUST_PROXY);
}

/** Whether the visitor of this request is in Russia. Any failure means "no". */
export function isRequestFromRussia(headers: Headers): boolean {
  return countryOf(requestAddress(headers)) === 'RU';
}
