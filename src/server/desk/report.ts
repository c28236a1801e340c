import 'server-only';
import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads } from '@/db/schema';
import { staffNames } from './staff-name';
import { zonedDate } from './summary';
import { addDays, addTo, bandCounts, BUCKET_EDGES, percentile, type BandId, type Histogram } from './report-figures';
import { workingMinutesBetween, zonedInstant, type WorkingHours } from './working-hours';

/** The report's tables: one per way of grouping leads. */
export const DIMENSIONS = ['source', 'campaign', 'page', 'product'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface ReportRow {
  /** The source, campaign, page or product; null: none (a direct visit, no campaign, no product). */
  key: string | null;
  leads: number;
  contacted: number;
  /** Working minutes to first contact of the contacted leads (nearest rank). */
  median?: number;
  p90?: number;
  invoices: number;
  invoicedKopecks: number;
  payments: number;
  paidKopecks: number;
}

export interface OwnerRow {
  ownerId: string | null;
  name: string | null;
  leads: number;
  contacted: number;
  median?: number;
  bands: Record<BandId, number>;
}

export interface LeadReport {
  from: string;
  to: string;
  total: ReportRow;
  tables: Record<Dimension, ReportRow[]>;
  owners: OwnerRow[];
  /** Leads per week (Monday, desk zone), every week of the period. */
  weeks: Array<{ start: string; leads: number }>;
}

/** Statements of the report on a big table are bounded like the desk's others, with room for a year. */
const BACKFILL_BATCH = 2000;

/**
 * Leads contacted before their working minutes were stored (before migration 0015) get them now,
 * a batch per report: the figures are right for the period after one or a few views.
 */
async function backfillResponseMinutes(db: Db, start: Date, end: Date, hours: WorkingHours) {
  const rows = await db
    .select({ id: leads.id, createdAt: leads.createdAt, firstContactAt: leads.firstContactAt })
    .from(leads)
    .where(and(gte(leads.createdAt, start), lt(leads.createdAt, end), isNotNull(leads.firstContactAt), isNull(leads.responseMinutes)))
    .limit(BACKFILL_BATCH);
  for (const row of rows) {
    await db.update(leads).set({ responseMinutes: workingMinutesBetween(row.createdAt, row.firstContactAt!, hours) }).where(eq(leads.id, row.id));
  }
}

const emptyRow = (key: string | null): ReportRow => ({ key, leads: 0, contacted: 0, invoices: 0, invoicedKopecks: 0, payments: 0, paidKopecks: 0 });

type Grouped = { g_source: number; g_campaign: number; g_page: number; g_product: number; source: string | null; campaign: string | null; page: string | null; product: string | null };
const keyOf = (row: Grouped): [Dimension | 'total', string | null] => {
  if (row.g_source === 0) return ['source', row.source];
  if (row.g_campaign === 0) return ['campaign', row.campaign];
  if (row.g_page === 0) return ['page', row.page];
  if (row.g_product === 0) return ['product', row.product];
  return ['total', null];
};

const GROUPING = sql.raw('grouping(credit_source)::int as g_source, grouping(credit_campaign)::int as g_campaign, grouping(credit_page)::int as g_page, grouping(credit_product)::int as g_product');

/**
 * Leads created in the period (from/to: days in the desk's zone, both included), each kind but an
 * invoice's own lead (an outcome, counted with the invoices), grouped by source, campaign, page,
 * product and owner in one pass over leads_report_idx; the invoices credited to those leads
 * (docs/decisions/048-lead-report.md): the latest earlier lead of the same e-mail, else the invoice's own.
 */
export async function leadReport(db: Db, period: { from: string; to: string }, hours: WorkingHours): Promise<LeadReport> {
  const { timeZone } = hours;
  const at = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(zonedInstant(year, month, date, 0, timeZone));
  };
  const start = at(period.from);
  const end = at(addDays(period.to, 1));
  await backfillResponseMinutes(db, start, end, hours);

  // Whole UTC weeks inside the period from the counts kept by the trigger; the days at its edges from the leads.
  const weekMs = 7 * 86_400_000;
  const monday = Date.UTC(1970, 0, 5);
  const firstWeek = monday + Math.ceil((start.getTime() - monday) / weekMs) * weekMs;
  const lastWeek = monday + Math.floor((end.getTime() - monday) / weekMs) * weekMs;
  const weeksFrom = new Date(Math.min(firstWeek, end.getTime()));
  const weeksTo = new Date(Math.max(lastWeek, weeksFrom.getTime()));
  const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const cellRows = (await db.execute(sql`
    select dimension, key, bucket, sum(leads)::int as n from lead_report_cells
    where dimension in ('source', 'campaign', 'page', 'product', 'owner') and period_start >= ${iso(weeksFrom)} and period_start < ${iso(weeksTo)}
    group by 1, 2, 3
    union all
    select d.dimension, d.key, l.bucket, count(*)::int
    from (
      select report_source, report_campaign, report_page, report_product, owner_id, lead_report_bucket(response_minutes, first_contact_at is not null) as bucket
      from leads where kind <> 'invoice' and created_at >= ${iso(start)} and created_at < ${iso(weeksFrom)}
      union all
      select report_source, report_campaign, report_page, report_product, owner_id, lead_report_bucket(response_minutes, first_contact_at is not null)
      from leads where kind <> 'invoice' and created_at >= ${iso(weeksTo)} and created_at < ${iso(end)}
    ) l
    cross join lateral (values ('source', coalesce(l.report_source, '')), ('campaign', coalesce(l.report_campaign, '')), ('page', coalesce(l.report_page, '')),
                               ('product', coalesce(l.report_product, '')), ('owner', coalesce(l.owner_id::text, ''))) as d(dimension, key)
    group by 1, 2, 3
  `)) as unknown as { rows: Array<{ dimension: string; key: string; bucket: number; n: number }> };
  const hourRows = (await db.execute(sql`
    select date_trunc('week', period_start at time zone ${timeZone})::date::text as week, sum(leads)::int as n from lead_report_cells
    where dimension = 'hour' and period_start >= ${iso(start)} and period_start < ${iso(end)}
    group by 1
  `)) as unknown as { rows: Array<{ week: string; n: number }> };

  // The invoices credited to the period's leads, as the triggers of migration 0018 keep them on each invoice.
  const invoiceRows = (await db.execute(sql`
    select ${GROUPING}, credit_source as source, credit_campaign as campaign, credit_page as page, credit_product as product,
           count(*) filter (where status <> 'cancelled')::int as invoices,
           coalesce(sum(total_kopecks) filter (where status <> 'cancelled'), 0)::bigint::text as invoiced,
           count(*) filter (where status = 'paid')::int as payments,
           coalesce(sum(total_kopecks) filter (where status = 'paid'), 0)::bigint::text as paid
    from invoices
    where credited_at >= ${iso(start)} and credited_at < ${iso(end)}
    group by grouping sets ((credit_source), (credit_campaign), (credit_page), (credit_product), ())
  `)) as unknown as { rows: Array<Grouped & { invoices: number; invoiced: string; payments: number; paid: string }> };
  const names = await staffNames(db, cellRows.rows.filter((row) => row.dimension === 'owner' && row.key).map((row) => row.key));
  return assemble(period, cellRows.rows, hourRows.rows, invoiceRows.rows, names);
}

interface Building {
  row: ReportRow;
  histogram: Histogram;
}

function assemble(
  period: { from: string; to: string },
  cellRows: Array<{ dimension: string; key: string; bucket: number; n: number }>,
  hourRows: Array<{ week: string; n: number }>,
  invoiceRows: Array<Grouped & { invoices: number; invoiced: string; payments: number; paid: string }>,
  names: Map<string, string>,
): LeadReport {
  const groups = new Map<string, Map<string | null, Building>>();
  const building = (dimension: string, key: string | null) => {
    let byKey = groups.get(dimension);
    if (!byKey) groups.set(dimension, (byKey = new Map()));
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { row: emptyRow(key), histogram: new Map() }));
    return found;
  };
  const count = (target: Building, bucket: number, n: number) => {
    target.row.leads += n;
    if (bucket === -1) return;
    target.row.contacted += n;
    if (bucket >= 0) addTo(target.histogram, BUCKET_EDGES[bucket]!, n);
  };
  for (const item of cellRows) {
    if (!item.n) continue;
    count(building(item.dimension, item.key || null), item.bucket, item.n);
    // Every lead has one source (none included): the sources add up to the whole.
    if (item.dimension === 'source') count(building('total', null), item.bucket, item.n);
  }
  for (const item of invoiceRows) {
    const [dimension, key] = keyOf(item);
    const { row } = building(dimension, key);
    row.invoices += item.invoices;
    row.invoicedKopecks += Number(item.invoiced);
    row.payments += item.payments;
    row.paidKopecks += Number(item.paid);
  }
  const finish = ({ row, histogram }: Building): ReportRow => ({ ...row, median: percentile(histogram, 0.5), p90: percentile(histogram, 0.9) });
  const byLeads = (a: { leads: number; key: string | null }, b: { leads: number; key: string | null }) => b.leads - a.leads || (a.key ?? '').localeCompare(b.key ?? '');
  const list = (dimension: string) => [...(groups.get(dimension)?.values() ?? [])].filter(({ row }) => row.leads || row.invoices).map(finish).sort(byLeads);
  const tables = Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, list(dimension)])) as Record<Dimension, ReportRow[]>;
  const owners = [...(groups.get('owner')?.values() ?? [])]
    .filter(({ row }) => row.leads)
    .map(({ row, histogram }) => ({ ownerId: row.key, name: row.key ? (names.get(row.key) ?? null) : null, leads: row.leads, contacted: row.contacted, median: percentile(histogram, 0.5), bands: bandCounts(histogram) }))
    .sort((a, b) => b.leads - a.leads || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'));
  const total = groups.get('total')?.get(null);
  const weekCounts = new Map<string, number>();
  for (const { week, n } of hourRows) weekCounts.set(week, (weekCounts.get(week) ?? 0) + n);
  return { ...period, total: total ? finish(total) : emptyRow(null), tables, owners, weeks: everyWeek(period, weekCounts) };
}

/** Each Monday from the week holding the first day to the week holding the last, with its leads (0 when none). */
function everyWeek(period: { from: string; to: string }, counts: Map<string, number>) {
  const [year, month, day] = period.from.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const weeks: Array<{ start: string; leads: number }> = [];
  for (let monday = addDays(period.from, -weekday); monday <= period.to; monday = addDays(monday, 7)) weeks.push({ start: monday, leads: counts.get(monday) ?? 0 });
  return weeks;
}

/** Today in the desk's zone, `YYYY-MM-DD`. */
export const deskToday = (hours: WorkingHours, now = Date.now()) => zonedDate(now, hours.timeZone);
