/*
 * Reading a request's Cookie header (`a=1; b=2`), for the edge (the language cookie) and the app
 * (the desk's session, the sign-in's device cookie) alike.
 */

/**
 * The value of one cookie, spaces around it trimmed; undefined when the header lacks it or it is
 * empty. The first of two cookies of one name wins (the browser sends the more specific path first).
 * @param {string | null | undefined} header
 * @param {string} name
 * @returns {string | undefined}
 */
export function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
