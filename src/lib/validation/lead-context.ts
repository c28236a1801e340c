import { vinForLead } from '#vin-for-lead';
import * as z from 'zod/mini';
import { readTisSelection, TisSelectionSchema } from '@/lib/tis/selection';

/**
 * What a lead may carry from the site's tools (issue 15), in the buy/demo dialog and the order
 * form alike: the VIN checked on /vehicle, and the TIS set priced on /tis. Both optional; an
 * empty value is none.
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
export const tisField = z.optional(z.pipe(z.transform(readTisSelection), z.optional(TisSelectionSchema)));
