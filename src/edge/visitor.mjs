// @ts-check
import geoip from 'geoip-country';
import { clientAddress } from './client-ip.mjs';

/**
 * Two-letter country of an address, or undefined for private, reserved and unknown ones.
 * @param {string | undefined} address
 * @returns {string | undefined}
 */
export function countryOf(address) {
  if (!address) return undefined;
  try {
    return geoip.lookup(address)?.country || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Who the visitor is: address (TRUST_PROXY rule) and whether it is in Russia. Any failure: not Russia.
 * @param {string | null | undefined} forwardedFor X-Forwarded-For with the socket peer appended
 * @param {number} trustedProxies
 */
export function visitorOf(forwardedFor, trustedProxies) {
  const address = clientAddress(forwardedFor, trustedProxies);
  return { address, isRu: countryOf(address) === 'RU' };
}
