import * as z from 'zod/mini';
import { innProblem } from '@/lib/requisites/inn.mjs';
import { kppProblem } from '@/lib/requisites/kpp.mjs';

/*
 * The body of `POST /api/invoices`: the buying company and what it orders. Messages are
 * `Validation` keys; a field's error is named by its path (`company.inn`, `items.0.seats`). The
 * schema checks forms and control digits only: the server prices the items from the price book
 * (src/content/price-book.ts) and refuses what the book does not sell.
 */

const trimmed = (max: number) => z.pipe(z.string({ error: 'required' }), z.transform((value) => value.trim().replace(/\s+/g, ' '))).check(z.maxLength(max, 'tooLong'));

const CompanyInputSchema = z
  .object(
    {
      inn: z.pipe(
        z.string({ error: 'required' }),
        z.transform((value) => value.replace(/\s+/g, '')),
      ).check(
        z.minLength(1, 'required'),
        z.refine((value) => innProblem(value) !== 'format', 'innFormat'),
        z.refine((value) => innProblem(value) !== 'checksum', 'innChecksum'),
      ),
      /** An organisation's; may be left out when the register (DaData) gives it (src/server/billing/buyer.ts asks for it otherwise). */
      kpp: z.optional(z.pipe(z.string(), z.transform((value) => value.replace(/\s+/g, '').toUpperCase()))),
      /** May be left out when the register (DaData) gives it. */
      name: z.optional(trimmed(300)),
      address: z.optional(trimmed(500)),
    },
    { error: 'required' },
  )
  .check(
    z.superRefine((company, ctx) => {
      const organisation = company.inn.length === 10;
      if (organisation && company.kpp && kppProblem(company.kpp)) ctx.issues.push({ code: 'custom', message: 'kppFormat', path: ['kpp'], input: company.kpp });
      else if (!organisation && company.kpp) ctx.issues.push({ code: 'custom', message: 'kppForPerson', path: ['kpp'], input: company.kpp });
    }),
  );

const months = z.number({ error: 'invalidChoice' }).check(z.refine((value) => [1, 3, 6, 12].includes(value), 'invalidChoice'));

const SeatItemSchema = z.object({
  product: z.string({ error: 'invalidChoice' }),
  months,
  seats: z.number({ error: 'invalidSeats' }).check(z.int('invalidSeats'), z.minimum(1, 'invalidSeats'), z.maximum(100, 'invalidSeats')),
});

const TisItemSchema = z.object({
  product: z.literal('tis', { error: 'invalidChoice' }),
  months,
  brands: z.array(z.string(), { error: 'invalidChoice' }).check(z.minLength(1, 'required'), z.maxLength(50, 'invalidChoice')),
});

export const InvoiceRequestSchema = z.object({
  company: CompanyInputSchema,
  items: z
    .array(z.union([TisItemSchema, SeatItemSchema], { error: 'invalidChoice' }), { error: 'required' })
    .check(z.minLength(1, 'required'), z.maxLength(10, 'invalidChoice')),
});

export type CompanyInput = z.infer<typeof CompanyInputSchema>;
