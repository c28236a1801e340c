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
 * Who the visitor is: address (TRUST_PROXY rule) and whether it is in Russia. The country comes
 * from the CDN's header when one is configured and present (GEO_HEADER, e.g. cf-ipcountry: the CDN
 * must then vary its cache on it), else from GeoIP. Any failure: not Russia.
 * @param {string | null | undefined} forwardedFor X-Forwarded-For with the socket peer appended
 * @param {number} trustedProxies
 * @param {string | string[] | null} [reportedCountry] the GEO_HEADER value, if configured
 */
export function visitorOf(forwardedFor, trustedProxies, reportedCountry) {
  const address = clientAddress(forwardedFor, trustedProxies);
  const reported = typeof reportedCountry === 'string' ? reportedCountry.trim().toUpperCase() : '';
  const country = /^[A-Z]{2}$/.test(reported) ? reported : countryOf(address);
  return { address, country, isRu: country === 'RU' };
}

/**
 * visitorOf's `isRu`, remembered per X-Forwarded-For chain and reported country: the edge asks it
 * on every product page, and a visitor asks for many pages from one address. It forgets all it
 * knows past `limit` answers, so made-up chains cannot grow it.
 * @param {number} trustedProxies
 * @param {number} [limit]
 * @returns {(forwardedFor: string, reportedCountry?: string | string[] | null) => boolean}
 */
export function rememberedIsRu(trustedProxies, limit = 10_000) {
  /** @type {Map<string, boolean>} */
  const known = new Map();
  return (forwardedFor, reportedCountry) => {
    const key = typeof reportedCountry === 'string' ? `${forwardedFor}\n${reportedCountry}` : forwardedFor;
    let isRu = known.get(key);
    if (isRu === undefined) {
      isRu = visitorOf(forwardedFor, trustedProxies, reportedCountry).isRu;
      if (known.size >= limit) known.clear();
      known.set(key, isRu);
    }
    return isRu;
  };
}
