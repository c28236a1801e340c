import { timingSafeEqual } from 'node:crypto';

/*
 * Comparing what a request presents with a secret (a token, a signature, a code, a hash) in time
 * that does not tell how much of it was right: for the edge (/metrics) and the app alike.
 */

/**
 * Whether two secrets are equal, compared in constant time; texts as their UTF-8 bytes. Only a
 * difference in length answers early, and the length of a secret is no secret.
 * @param {string | Uint8Array} given
 * @param {string | Uint8Array} expected
 * @returns {boolean}
 */
export function sameSecret(given, expected) {
  const a = typeof given === 'string' ? Buffer.from(given) : given;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
