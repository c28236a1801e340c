import { tisSelectionIssue, vinForLead } from '#lead-checks';
import * as z from 'zod/mini';
import { readTisSelection } from '@/lib/tis/read-selection';
import type { TisSelection } from '@/lib/tis/quote';

/**
 * What a lead may carry from the site's tools, in the buy/demo dialog and the order
 * form alike: the VIN checked on /vehicle, and the TIS set priced on /tis. Both optional; an
 * empty value is none. The checks behind them are the server's in full (`#lead-checks`), a
 * browser's light ones there; the fields use only kinds of schema the other forms use: the
 * browser's zod holds just the kinds in use, so a new kind would cost every page (ADR 016).
 */

/** A VIN or a Japanese frame number, stored normalised; one the VIN API would refuse is `invalidVin`. */
export const vinField = z.optional(
  z.pipe(
    z.string({ error: 'invalidVin' }).check(z.maxLength(200, 'invalidVin')),
    z.transform((value, context) => {
      if (!value.trim()) return undefined;
      const vin = vinForLead(value);
      if (vin === undefined) context.issues.push({ code: 'custom', message: 'invalidVin', input: value });
      return vin;
    }),
  ),
);

/**
 * The TIS set: `{ brands, months, currency }` from JSON, or its query string
 * (`brands=vag,ford&months=3&currency=RUB`) from a form post; checked against the price list.
 */
export const tisField = z.optional(
  z.transform((value: unknown, context): TisSelection | undefined => {
    const selection = readTisSelection(value);
    if (selection === undefined) return undefined;
    const issue = tisSelectionIssue(selection);
    if (issue) context.issues.push({ code: 'custom', message: issue, input: value });
    return selection as TisSelection;
  }),
);
