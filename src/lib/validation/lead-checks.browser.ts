/**
 * The browser's side of lead-checks.ts: the page that filled these fields in has decoded the VIN
 * or priced the set already, and the server checks both against the decoder and the price list.
 */

/** Letters, digits, spaces and dashes, as a VIN or a frame number is written; 40 at most. */
const PLAUSIBLE_VIN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/;

export function vinForLead(raw: string): string | undefined {
  const text = raw.trim().toUpperCase();
  return PLAUSIBLE_VIN.test(text) ? text : undefined;
}

export function tisSelectionIssue(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? undefined : 'invalidChoice';
}
