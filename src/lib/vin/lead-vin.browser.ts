/** Letters, digits, spaces and dashes, as a VIN or a frame number is written; 40 at most. */
const PLAUSIBLE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/;

/**
 * The VIN a lead may carry, as far as a browser checks it without the decoder: the page that
 * filled it in has decoded it already, and the server's check (lead-vin.ts) decides.
 */
export function vinForLead(raw: string): string | undefined {
  const text = raw.trim().toUpperCase();
  return PLAUSIBLE.test(text) ? text : undefined;
}
