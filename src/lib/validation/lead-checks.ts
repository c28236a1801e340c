import { TisSelectionSchema } from '@/lib/tis/selection-schema';

export { vinForLead } from '@/lib/vin/decode';

/**
 * Why a TIS set cannot be carried in a lead (a `Validation` key), or nothing: the set checked
 * against the price list. Browsers resolve `#lead-checks` to lead-checks.browser.ts instead
 * (package.json "imports"): every page's buy dialog would otherwise carry the VIN decoder and
 * the price list, and the server decides anyway, as for the phone number (ADR 011).
 */
export function tisSelectionIssue(value: unknown): string | undefined {
  const parsed = TisSelectionSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
