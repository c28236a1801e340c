/*
 * The OGRN (основной государственный регистрационный номер) of an organisation, 13 digits, and the
 * OGRNIP of a sole proprietor, 15: the last digit is the number the other digits make, modulo 11
 * (OGRN) or 13 (OGRNIP), then modulo 10.
 */

/** @typedef {'organisation' | 'person'} OgrnKind */

/**
 * The number `digits` make, modulo `divisor` (read digit by digit: 14 digits exceed a double's precision).
 * @param {string} digits
 * @param {number} divisor
 */
function remainder(digits, divisor) {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % divisor;
  return rest;
}

/**
 * Whose number it is by its form (13 digits: an organisation's OGRN, 15: a sole proprietor's
 * OGRNIP), without checking it.
 * @param {string} value
 * @returns {OgrnKind | undefined}
 */
export function ogrnKind(value) {
  if (/^\d{13}$/.test(value)) return 'organisation';
  if (/^\d{15}$/.test(value)) return 'person';
  return undefined;
}

/**
 * What is wrong with an OGRN or OGRNIP, or undefined when it is a valid one of the kinds allowed.
 * @param {string} value
 * @param {readonly OgrnKind[]} [kinds] the kinds accepted (default both)
 * @returns {'format' | 'checksum' | undefined}
 */
export function ogrnProblem(value, kinds = ['organisation', 'person']) {
  const kind = ogrnKind(value);
  if (!kind || !kinds.includes(kind)) return 'format';
  const body = value.slice(0, -1);
  const expected = remainder(body, kind === 'organisation' ? 11 : 13) % 10;
  return expected === Number(value.at(-1)) ? undefined : 'checksum';
}
