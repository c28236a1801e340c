/*
 * The INN (идентификационный номер налогоплательщика) and its control digits, as the Federal Tax
 * Service computes them: each control digit is the sum of the digits before it times their weights,
 * modulo 11, then modulo 10. An organisation's INN has 10 digits and one control digit; a person's
 * (a sole proprietor's) 12 digits and two.
 */

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/**
 * The control digit for the digits before it.
 * @param {string} digits
 * @param {readonly number[]} weights
 */
function controlDigit(digits, weights) {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return (sum % 11) % 10;
}

/** @typedef {'organisation' | 'person'} InnKind */

/**
 * What is wrong with an INN, or undefined when it is a valid one of the kinds allowed.
 * @param {string} value
 * @param {readonly InnKind[]} [kinds] the kinds accepted (default both)
 * @returns {'format' | 'checksum' | undefined}
 */
export function innProblem(value, kinds = ['organisation', 'person']) {
  const kind = innKind(value);
  if (!kind || !kinds.includes(kind)) return 'format';
  if (kind === 'organisation') return controlDigit(value, WEIGHTS_10) === Number(value[9]) ? undefined : 'checksum';
  const valid = controlDigit(value, WEIGHTS_11) === Number(value[10]) && controlDigit(value, WEIGHTS_12) === Number(value[11]);
  return valid ? undefined : 'checksum';
}

/**
 * Whose INN it is by its form (10 digits: an organisation's, 12: a person's), without checking it.
 * @param {string} value
 * @returns {InnKind | undefined}
 */
export function innKind(value) {
  if (/^\d{10}$/.test(value)) return 'organisation';
  if (/^\d{12}$/.test(value)) return 'person';
  return undefined;
}
