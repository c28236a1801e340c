import type { VinIssue } from './issues';
import { normaliseVin } from './normalise';

export const VIN_LENGTH = 17;

export type VinValidation = { ok: true; vin: string } | { ok: false; issues: VinIssue[] };

/**
 * Whether the input is a well-formed VIN: 17 Latin letters and digits, no I, O or Q. The answer
 * says what is wrong and where: the length first, then each bad character with its position.
 */
export function validateVin(raw: string): VinValidation {
  const { text, length, issues } = normaliseVin(raw);
  if (length === 0) return { ok: false, issues: [{ code: 'empty' }] };
  const all: VinIssue[] = length === VIN_LENGTH ? issues : [{ code: 'length', length }, ...issues];
  return all.length ? { ok: false, issues: all } : { ok: true, vin: text };
}
