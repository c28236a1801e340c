import * as z from 'zod/mini';
import type { ProductId } from '@/site/products.mjs';
import { isServicePage } from '@/site/site-pages.mjs';

/**
 * The product (or plan) a lead is about: the id of an entry of the product catalogue, carried by
 * the button that opened the form (a tariff card, a product page, the sub-menu, the TIS
 * calculator). Optional (a lead from the index's own buttons has none); empty is none; any other
 * text is `unknownProduct`, under the field.
 */
export const productField = z.pipe(
  z.optional(z.string({ error: 'unknownProduct' }).check(z.trim(), z.maxLength(50, 'unknownProduct'))),
  z.transform((value: string | undefined, context): ProductId | undefined => {
    if (!value) return undefined;
    if (isServicePage(value)) return value as ProductId;
    context.issues.push({ code: 'custom', message: 'unknownProduct', input: value });
    return undefined;
  }),
);
