import 'server-only';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceLine, InvoiceParty, SellerParty } from '@/lib/billing/invoice';
import { staff } from './desk';
import { leads } from './leads';
import { users } from './users';

/** The company an account buys for: one per account (several accounts of a company each keep their own). */
export const companies = pgTable('companies', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  inn: text('inn').notNull(),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  name: text('name').notNull(),
  address: text('address').notNull(),
  director: text('director'),
  /** `dadata` when the register filled the details, `manual` when typed. */
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given in each year. The row is locked by the transaction that stores an invoice
 * (an upsert that adds one), so numbers are allotted in commit order: none given twice, none skipped
 * (a rolled-back invoice gives its number back).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Invoices: everything printed on one is frozen in it at issue; only the status and its record change. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `2026-000123` */
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'issued' → 'paid' | 'cancelled' */
    status: text('status').notNull().default('issued'),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    seller: jsonb('seller').$type<SellerParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    buyerEmail: text('buyer_email').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull(),
    vatRate: text('vat_rate').notNull(),
    vatKopecks: bigint('vat_kopecks', { mode: 'number' }).notNull(),
    offerVersion: text('offer_version').notNull(),
    lang: text('lang').notNull(),
    /** The lead sales got for it (kind `invoice`). */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What paid it: `payment:<id>` or `staff:<id>` (a person marked it paid). */
    paidBy: text('paid_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** When its renewal reminder was sent (one per invoice's period). */
    renewalMailedAt: timestamp('renewal_mailed_at', { withTimezone: true }),
    /**
     * The lead that brought the customer and the report's columns of it, kept by triggers
     * (migration 0018, docs/decisions/048-lead-report.md): the latest earlier lead of the same
     * e-mail, else the invoice's own. None when the invoice has no lead any more.
     */
    creditedLeadId: uuid('credited_lead_id'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    creditSource: text('credit_source'),
    creditCampaign: text('credit_campaign'),
    creditPage: text('credit_page'),
    creditProduct: text('credit_product'),
  },
  (table) => [
    uniqueIndex('invoices_number_idx').on(table.number),
    uniqueIndex('invoices_year_seq_idx').on(table.year, table.seq),
    index('invoices_user_idx').on(table.userId, table.createdAt),
    index('invoices_status_idx').on(table.status, table.createdAt),
    index('invoices_lead_idx').on(table.leadId),
    index('invoices_credited_lead_idx').on(table.creditedLeadId),
    // The report's invoices of a period: an index-only scan of the credited leads' dates.
    index('invoices_credit_idx').on(table.creditedAt, table.status, table.totalKopecks, table.creditSource, table.creditCampaign, table.creditPage, table.creditProduct),
  ],
);

/** Each change of an invoice, with who made it and when: issued, paid, cancelled, mailed, a payment matched. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** `customer:<user id>`, `staff:<id>`, `yookassa`, `statement`, `system`. */
    actor: text('actor').notNull(),
    event: text('event').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (table) => [index('invoice_events_invoice_idx').on(table.invoiceId, table.at)],
);

/**
 * Money that came in or was asked for: a YooKassa payment (its id) or a bank statement's line (its
 * document number, date, payer INN and sum make its key). `invoice_id` is set once it is matched;
 * `status`: 'pending' (a card payment under way), 'succeeded', 'canceled', 'unmatched' (a transfer
 * nobody's invoice takes: for a person to decide), 'mismatch' (it names an invoice with another
 * sum), 'matched', 'ignored' (decided: not ours).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    payerInn: text('payer_inn'),
    payerName: text('payer_name'),
    purpose: text('purpose'),
    paidOn: date('paid_on'),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [uniqueIndex('payments_source_external_idx').on(table.source, table.externalId), index('payments_invoice_idx').on(table.invoiceId), index('payments_status_idx').on(table.status, table.createdAt)],
);

/** What one import of a statement found, per line: the counts a person is shown. */
export interface StatementCounts {
  /** Lines new to the desk (the sum of the three below). */
  new: number;
  matched: number;
  unmatched: number;
  mismatch: number;
  /** Lines an earlier import already took: nothing done again. */
  repeated: number;
  /** Documents that are not incoming payments to the seller's account (outgoing, another account). */
  skipped: number;
}

/**
 * Each bank statement uploaded in the desk: who, when, which file (its SHA-256, so that a file
 * loaded again is recognised) and what it gave. A repeated upload is recorded too; its lines are
 * all `repeated` and change nothing.
 */
export const statementImports = pgTable(
  'statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    sha256: text('sha256').notNull(),
    /** `windows-1251`, `utf-8` or `ibm866`: how the file was read. */
    encoding: text('encoding').notNull(),
    counts: jsonb('counts').$type<StatementCounts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('statement_imports_created_idx').on(table.createdAt), index('statement_imports_sha_idx').on(table.sha256)],
);

/** A product's paid period for a company (its INN), from the paying invoice. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    inn: text('inn').notNull(),
    product: text('product').notNull(),
    seats: integer('seats').notNull(),
    brands: jsonb('brands').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_invoice_product_idx').on(table.invoiceId, table.product),
    index('subscriptions_inn_product_idx').on(table.inn, table.product, table.endsOn),
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_ends_idx').on(table.endsOn),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceEvent = typeof invoiceEvents.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type StatementImport = typeof statementImports.$inferSelect;
