import { sameSecret } from './same-secret.mjs';

/*
 * The `Authorization: Bearer <token>` header (RFC 6750): a customer's session, the health details'
 * and the metrics' tokens.
 */

/**
 * The token of a Bearer header, or undefined. The scheme's name is read in any case (RFC 9110).
 * @param {string | null | undefined} header
 * @returns {string | undefined}
 */
export function bearerToken(header) {
  return /^Bearer\s+(.+?)\s*$/i.exec(header ?? '')?.[1];
}

/**
 * Whether a Bearer header carries this token (compared in constant time); never for an unset token.
 * @param {string | null | undefined} header
 * @param {string | undefined} token
 * @returns {boolean}
 */
export function bearerIs(header, token) {
  const given = bearerToken(header);
  return Boolean(token && given && sameSecret(given, token));
}
