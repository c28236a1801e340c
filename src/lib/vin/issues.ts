/**
 * What can be wrong with a typed VIN, as data: the page and the API translate an issue with the
 * `VinIssues.<code>` message and the values of `issueValues`. Positions count VIN characters
 * from 1, separators (spaces, dashes) not counted.
 */
export type VinIssue =
  | { code: 'empty' }
  | { code: 'length'; length: number }
  | { code: 'forbiddenLetter'; position: number; char: 'I' | 'O' | 'Q'; digit: '1' | '0' }
  | { code: 'cyrillic' | 'greek' | 'fullWidth'; position: number; char: string; codePoint: string; latin: string }
  | { code: 'invalidChar'; position: number; char: string; codePoint: string }
  | { code: 'checkDigit'; position: 9; actual: string; expected: string };

export type VinIssueCode = VinIssue['code'];

/** Every code, for guards that each one has a message in both languages. */
export const VIN_ISSUE_CODES: readonly VinIssueCode[] = ['empty', 'length', 'forbiddenLetter', 'cyrillic', 'greek', 'fullWidth', 'invalidChar', 'checkDigit'];

/** The message placeholders of an issue, as strings. */
export function issueValues(issue: VinIssue): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(issue)) if (key !== 'code') values[key] = String(value);
  return values;
}
