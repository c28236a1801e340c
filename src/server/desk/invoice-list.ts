import 'server-only';
import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoices, leads, payments, staff, statementImports } from '@/db/schema';
import { moscowDay } from '../billing/calendar';
import { UNDECIDED } from '../billing/payment-decisions';
import { isUuid } from '@/lib/uuid.mjs';

/** The desk's invoice statuses: the stored three, and `overdue` (awaiting payment past its due date). */
export const INVOICE_FILTER_STATUSES = ['issued', 'overdue', 'paid', 'cancelled'] as const;
type InvoiceFilterStatus = (typeof INVOICE_FILTER_STATUSES)[number];

/** The list's filter as its address carries it: `?status=…&month=YYYY-MM&q=…&after=<number>`. */
export interface InvoiceFilter {
  status?: InvoiceFilterStatus;
  /** Issued in this month (`2026-05`). */
  month?: string;
  /** A number, an INN or part of the company's name. */
  q?: string;
}

const MONTH = /^(20\d{2})-(0[1-9]|1[0-2])$/;
const NUMBER = /^(20\d{2})-(\d{6,9})$/;

export function parseInvoiceFilter(params: URLSearchParams): InvoiceFilter {
  const status = params.get('status');
  const month = params.get('month') ?? '';
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    status: (INVOICE_FILTER_STATUSES as readonly (string | null)[]).includes(status) ? (status as InvoiceFilterStatus) : undefined,
    month: MONTH.test(month) ? month : undefined,
    q: q || undefined,
  };
}

export function invoiceFilterParams(filter: InvoiceFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  return params;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filterCondition(filter: InvoiceFilter, today: string): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status === 'overdue') parts.push(and(eq(invoices.status, 'issued'), lt(invoices.dueOn, today))!);
  else if (filter.status) parts.push(eq(invoices.status, filter.status));
  if (filter.month) parts.push(sql`to_char(${invoices.issuedOn}, 'YYYY-MM') = ${filter.month}`);
  if (filter.q) parts.push(or(ilike(invoices.number, like(filter.q)), sql`${invoices.buyer}->>'inn' like ${`${filter.q.replace(/\D/g, '') || '-'}%`}`, ilike(sql`${invoices.buyer}->>'name'`, like(filter.q)))!);
  return parts.length ? and(...parts) : undefined;
}

const PAGE_SIZE = 50;

/**
 * A page of invoices, the newest number first, matching the filter and after `after` (the last
 * number of the page before: numbers order invoices as they were issued).
 */
export async function listInvoices(db: Db, filter: InvoiceFilter, after?: string, today = moscowDay()) {
  const cursor = after ? NUMBER.exec(after) : null;
  const rows = await db
    .select()
    .from(invoices)
    .where(and(filterCondition(filter, today), cursor ? sql`(${invoices.year}, ${invoices.seq}) < (${Number(cursor[1])}, ${Number(cursor[2])})` : undefined))
    .orderBy(desc(invoices.year), desc(invoices.seq))
    .limit(PAGE_SIZE + 1);
  return { rows: rows.slice(0, PAGE_SIZE), next: rows.length > PAGE_SIZE ? rows[PAGE_SIZE - 1]!.number : undefined };
}

export interface MonthSums {
  month: string;
  issuedCount: number;
  issuedKopecks: number;
  paidCount: number;
  paidKopecks: number;
}

/**
 * Per month, newest first: the invoices issued in it that were not cancelled (count and total) and
 * the invoices paid in it (by the Moscow day of their payment), summed by the database in kopecks.
 */
export async function monthSums(db: Db, months = 12): Promise<MonthSums[]> {
  const result = (await db.execute(sql`
    with issued as (
      select to_char(issued_on, 'YYYY-MM') as month, count(*) as n, sum(total_kopecks) as total
      from invoices where status <> 'cancelled' group by 1
    ), paid as (
      select to_char(paid_at at time zone 'Europe/Moscow', 'YYYY-MM') as month, count(*) as n, sum(total_kopecks) as total
      from invoices where status = 'paid' group by 1
    )
    select coalesce(issued.month, paid.month) as month,
      coalesce(issued.n, 0) as issued_count, coalesce(issued.total, 0) as issued_total,
      coalesce(paid.n, 0) as paid_count, coalesce(paid.total, 0) as paid_total
    from issued full join paid on paid.month = issued.month
    order by 1 desc limit ${months}`)) as unknown as { rows: Array<Record<string, string | number>> };
  return result.rows.map((row) => ({
    month: String(row.month),
    issuedCount: Number(row.issued_count),
    issuedKopecks: Number(row.issued_total),
    paidCount: Number(row.paid_count),
    paidKopecks: Number(row.paid_total),
  }));
}

/** The payments a person is to decide, oldest first, with the number of the invoice each names. */
export async function undecidedPayments(db: Db, limit = 100) {
  return db
    .select({ payment: payments, invoiceNumber: invoices.number })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(inArray(payments.status, [...UNDECIDED]))
    .orderBy(payments.createdAt)
    .limit(limit);
}

/** The latest statement uploads with who made them. */
export async function recentImports(db: Db, limit = 10) {
  return db
    .select({ record: statementImports, email: staff.email })
    .from(statementImports)
    .leftJoin(staff, eq(staff.id, statementImports.staffId))
    .orderBy(desc(statementImports.createdAt))
    .limit(limit);
}

/** The payments of a page's invoices (that paid them, or name them), by invoice. */
export async function paymentsOf(db: Db, invoiceIds: string[]) {
  const byInvoice = new Map<string, Array<typeof payments.$inferSelect>>();
  if (!invoiceIds.length) return byInvoice;
  const rows = await db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds)).orderBy(payments.createdAt);
  for (const row of rows) byInvoice.set(row.invoiceId!, [...(byInvoice.get(row.invoiceId!) ?? []), row]);
  return byInvoice;
}

/** The numbers of the leads a page's invoices made, by lead id (for their links). */
export async function leadNumbers(db: Db, leadIds: Array<string | null>) {
  const ids = [...new Set(leadIds.filter((id): id is string => Boolean(id)))];
  const numbers = new Map<string, number>();
  if (!ids.length) return numbers;
  for (const row of await db.select({ id: leads.id, number: leads.number }).from(leads).where(inArray(leads.id, ids))) numbers.set(row.id, row.number);
  return numbers;
}

/** An import to show after its redirect, and when the same file (by its SHA-256) was imported before, if it was. */
export async function importShown(db: Db, id: string | null) {
  if (!id || !isUuid(id)) return undefined;
  const [record] = await db.select().from(statementImports).where(eq(statementImports.id, id)).limit(1);
  if (!record) return undefined;
  const [earlier] = await db
    .select({ at: statementImports.createdAt })
    .from(statementImports)
    .where(and(eq(statementImports.sha256, record.sha256), lt(statementImports.createdAt, record.createdAt)))
    .orderBy(desc(statementImports.createdAt))
    .limit(1);
  return { record, earlier: earlier?.at };
}
