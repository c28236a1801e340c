/*
 * A Russian bank's BIC and the accounts it keeps, as the Bank of Russia checks them: the BIC is 9
 * digits beginning 04; an account is 20 digits whose control key (its ninth digit) makes the
 * weighted sum of a 23-digit string a multiple of 10, the weights 7, 1, 3 repeating. For a client's
 * settlement account the string is the BIC's last three digits and the account; for the bank's
 * correspondent account at the Bank of Russia, `0` and the BIC's fifth and sixth digits, then the
 * account (which must begin 30101 and end in the BIC's last three digits).
 */

const WEIGHTS = [7, 1, 3];

/**
 * Whether the 23 digits have a weighted sum that is a multiple of 10.
 * @param {string} digits
 */
function keyHolds(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += ((Number(digits[i]) * (WEIGHTS[i % 3] ?? 0)) % 10);
  return sum % 10 === 0;
}

/**
 * What is wrong with a BIC, or undefined.
 * @param {string} value
 * @returns {'format' | undefined}
 */
export function bicProblem(value) {
  return /^04\d{7}$/.test(value) ? undefined : 'format';
}

/**
 * What is wrong with a settlement account at the bank of this BIC, or undefined.
 * @param {string} account
 * @param {string} bic
 * @returns {'format' | 'checksum' | undefined}
 */
export function accountProblem(account, bic) {
  if (!/^\d{20}$/.test(account)) return 'format';
  if (bicProblem(bic)) return undefined; // the BIC's own error is told; the key cannot be checked without it
  return keyHolds(bic.slice(-3) + account) ? undefined : 'checksum';
}

/**
 * What is wrong with a bank's correspondent account at the Bank of Russia, given its BIC, or undefined.
 * @param {string} account
 * @param {string} bic
 * @returns {'format' | 'checksum' | undefined}
 */
export function corrAccountProblem(account, bic) {
  if (!/^30101\d{15}$/.test(account)) return 'format';
  if (bicProblem(bic)) return undefined;
  if (account.slice(-3) !== bic.slice(-3)) return 'checksum';
  return keyHolds(`0${bic.slice(4, 6)}${account}`) ? undefined : 'checksum';
}
