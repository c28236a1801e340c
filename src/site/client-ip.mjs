/**
 * The client's address under Express's "trust proxy = N" rule. The chain is the X-Forwarded-For
 * list followed by the socket peer; the client is the N-th address from the right, or the
 * left-most one when the chain is shorter.
 * @param {string | null | undefined} forwardedFor the X-Forwarded-For list with the peer appended
 * @param {number} trustedProxies
 * @returns {string | undefined}
 */
export function clientAddress(forwardedFor, trustedProxies) {
  const chain = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (chain.length === 0) return undefined;
  const index = Math.max(0, chain.length - 1 - Math.max(0, Math.floor(trustedProxies)));
  return normaliseAddress(/** @type {string} */ (chain[index]));
}

/**
 * Strips IPv4-mapped IPv6 prefixes, brackets and ports so the address can be looked up.
 * @param {string} raw
 * @returns {string}
 */
export function normaliseAddress(raw) {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = /** @type {string} */ (bracketed[1]);
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  if (address.toLowerCase().startsWith('::ffff:') && address.includes('.')) address = address.slice(7);
  return address;
}
