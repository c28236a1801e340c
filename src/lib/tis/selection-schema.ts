import * as z from 'zod/mini';
import { findTisBrand, tisBrands } from './brands';
import { TIS_CURRENCIES, TIS_PERIODS } from './quote';

/**
 * A selection carried in a lead, checked against the current price list: at least one known
 * brand, no repeats, a listed period and currency. Messages are `Validation` keys. The server's
 * alone (src/lib/validation/lead-checks.ts): the browser's dialogs would otherwise carry the price
 * list; the calculator there reads links with parseTisQuery.
 */
export const TisSelectionSchema = z.object(
  {
    brands: z
      .array(z.string().check(z.refine((id) => findTisBrand(id) !== undefined, 'invalidChoice')), { error: 'invalidChoice' })
      .check(
        z.minLength(1, 'required'),
        z.maxLength(tisBrands.length, 'invalidChoice'),
        z.refine((ids) => new Set(ids).size === ids.length, 'invalidChoice'),
      ),
    months: z.literal(TIS_PERIODS, { error: 'invalidChoice' }),
    currency: z.enum(TIS_CURRENCIES, { error: 'invalidChoice' }),
  },
  { error: 'invalidChoice' },
);
