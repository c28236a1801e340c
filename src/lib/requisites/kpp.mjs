/*
 * The KPP (код причины постановки на учёт) of an organisation: 9 characters, the tax office's four
 * digits, the reason (two digits or capital Latin letters, as the Federal Tax Service allows since
 * 2013) and a three-digit number. It has no control digit: its form is what can be checked.
 */

/**
 * What is wrong with a KPP, or undefined.
 * @param {string} value
 * @returns {'format' | undefined}
 */
export function kppProblem(value) {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? undefined : 'format';
}
