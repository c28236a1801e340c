import type { VinIssue } from './issues';
import { codePointLabel, lookalikeOf } from './lookalikes';

/** Input longer than this is not scanned character by character: its length is answer enough. */
const MAX_SCANNED_LENGTH = 200;
/** The first character issues reported; the rest would only repeat the advice. */
export const MAX_CHAR_ISSUES = 5;

const SEPARATOR = /^[\s\p{Pd}]$/u;
const VIN_CHAR = /^[A-Z0-9]$/;
const FORBIDDEN: Readonly<Record<string, '1' | '0'>> = { I: '1', O: '0', Q: '0' };

export interface NormalisedVin {
  /** The characters kept, Latin letters upper-cased; meaningful only when `issues` is empty. */
  text: string;
  /** How many characters were kept (code points, separators not counted). */
  length: number;
  /** Characters that cannot be in a VIN, with their position. */
  issues: VinIssue[];
}

/**
 * Reads what a person typed: spaces and dashes are ignored, Latin lower case is accepted, and
 * everything else that is not a Latin letter or digit is reported (Cyrillic, Greek and full-width
 * look-alikes with the character they imitate), never mapped.
 */
export function normaliseVin(raw: string): NormalisedVin {
  if (raw.length > MAX_SCANNED_LENGTH) return { text: '', length: raw.length, issues: [] };
  let text = '';
  let length = 0;
  const issues: VinIssue[] = [];
  for (const char of raw) {
    if (SEPARATOR.test(char)) continue;
    length += 1;
    const latin = /^[a-z]$/.test(char) ? char.toUpperCase() : char;
    text += latin;
    if (VIN_CHAR.test(latin)) {
      const digit = FORBIDDEN[latin];
      if (digit) issues.push({ code: 'forbiddenLetter', position: length, char: latin as 'I' | 'O' | 'Q', digit });
      continue;
    }
    const lookalike = lookalikeOf(char);
    const codePoint = codePointLabel(char);
    issues.push(lookalike ? { code: lookalike.script, position: length, char, codePoint, latin: lookalike.latin } : { code: 'invalidChar', position: length, char, codePoint });
  }
  return { text, length, issues: issues.slice(0, MAX_CHAR_ISSUES) };
}
