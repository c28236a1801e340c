import type { Origin } from './origin';

/**
 * The check digit at position 9 (ISO 3779 annex, 49 CFR 565.15): each character is given a value
 * (digits their own, letters by the table below), multiplied by the weight of its position, and
 * the sum taken modulo 11; a remainder of 10 is written `X`.
 */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

const CHECK_DIGIT_POSITION = 9;

/** The value of one VIN character in the check-digit sum. */
export function transliterate(char: string): number {
  if (char >= '0' && char <= '9') return Number(char);
  const value = LETTER_VALUES[char];
  if (value === undefined) throw new RangeError(`not a VIN character: ${char}`);
  return value;
}

/** The check digit a valid 17-character VIN should carry at position 9. */
export function computeCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += transliterate(vin.charAt(i)) * (WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * correct: position 9 is the computed digit. wrong: it is not — probably a typo (an error where the
 * check digit is required, a note elsewhere). notUsed: outside the regions that require one, and
 * position 9 holds a letter that no check digit can be, so the maker uses it for something else.
 */
type CheckDigitVerdict = 'correct' | 'wrong' | 'notUsed';

export interface CheckDigit {
  verdict: CheckDigitVerdict;
  actual: string;
  expected: string;
  /** Whether the VIN's region requires the check digit (North America, China). */
  required: boolean;
}

/**
 * Whether the VIN's region makes the check digit mandatory: North America (49 CFR 565: first
 * character 1–5, and the 7F–70 block ISO 3780 gives the United States) and China (GB 16735: first
 * character L). Everywhere else (Europe, Russia, Japan, Korea…) ISO 3779 leaves position 9 to the
 * maker, so a mismatch there is a note in the answer's details, never its verdict.
 */
export function checkDigitRequiredIn(origin: Origin | undefined): boolean {
  return origin?.region === 'northAmerica' || origin?.country === 'CN';
}

export function checkDigitOf(vin: string, required: boolean): CheckDigit {
  const actual = vin.charAt(CHECK_DIGIT_POSITION - 1);
  const expected = computeCheckDigit(vin);
  const couldBeCheckDigit = /^[0-9X]$/.test(actual);
  const verdict: CheckDigitVerdict = actual === expected ? 'correct' : required || couldBeCheckDigit ? 'wrong' : 'notUsed';
  return { verdict, actual, expected, required };
}
