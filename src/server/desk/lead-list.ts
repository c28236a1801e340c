import 'server-only';
import { and, Column, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads, outboxMessages } from '@/db/schema';
import type { WorkingHours } from './working-hours';
import { zonedInstant } from './working-hours';
import { searchTerms, type LeadFilter, type OwnerFilter } from './lead-filter';
import { returningOf } from './earlier-leads';
import { staffNames } from './lead-owners';

const PAGE_SIZE = 50;

/** Where the next page starts: the last row's (created_at as PostgreSQL prints it, id). */
export interface Cursor {
  at: string;
  id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

export function decodeCursor(value: string | null | undefined): Cursor | undefined {
  if (!value || value.length > 200) return undefined;
  const [at, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  // As PostgreSQL prints a timestamptz: `2026-03-04 10:00:00.123456+03`.
  const timestamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
  if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !timestamp.test(at)) return undefined;
  return { at, id };
}

/** The first instant of a calendar date in the desk's zone (`2026-03-04` → 00:00 there). */
function dayStart(date: string, hours: WorkingHours, plusDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(zonedInstant(year, month, day + plusDays, 0, hours.timeZone));
}

/**
 * The WHERE of a filter (without the keyset). Each single condition has an index (migration 0003).
 * `byDate`: the search is written so that no index can answer it, for a window read newest first
 * along the date index (see SEARCH_WINDOW_DAYS).
 */
export function filterCondition(filter: LeadFilter, hours: WorkingHours, byDate = false): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.status) conditions.push(eq(leads.status, filter.status));
  if (filter.department) conditions.push(sql`(${leads.payload}->>'department') = ${filter.department}`);
  if (filter.owner) conditions.push(ownerCondition(filter.owner, filter.viewer));
  if (filter.from) conditions.push(sql`${leads.createdAt} >= ${dayStart(filter.from, hours).toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`${leads.createdAt} < ${dayStart(filter.to, hours, 1).toISOString()}::timestamptz`);
  if (filter.q) {
    const { words, digits } = searchTerms(filter.q);
    const arms: SQL[] = [];
    if (words) arms.push(sql`${leads.searchDoc} @@ to_tsquery('simple', ${words})`);
    if (digits) {
      arms.push(sql`${leads.phoneDigits} like ${`${digits}%`}`);
      arms.push(sql`reverse(${leads.phoneDigits}) like ${`${[...digits].reverse().join('')}%`}`);
      arms.push(sql`substr(${leads.phoneDigits}, 2) like ${`${digits}%`}`);
    }
    // Nothing searchable in the text (punctuation only): nothing matches.
    const search = arms.length ? or(...arms)! : sql`false`;
    conditions.push(byDate ? sql`(${search}) IS TRUE` : search);
  }
  return and(...conditions);
}

/** Whose leads (leads_owner_list_idx): `mine` without a viewer matches nothing. */
function ownerCondition(owner: OwnerFilter, viewer: string | undefined): SQL {
  if (owner === 'none') return isNull(leads.ownerId);
  const id = owner === 'mine' ? viewer : owner;
  return id ? eq(leads.ownerId, id) : sql`false`;
}

/** Rows newer-first after the cursor: `(created_at, id) < (cursor)` on the list indexes. */
function keysetCondition(cursor: Cursor | undefined): SQL | undefined {
  return cursor ? sql`(${leads.createdAt}, ${leads.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

const listColumns = {
  id: leads.id,
  kind: leads.kind,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  lang: leads.lang,
  payload: leads.payload,
  clientAddress: leads.clientAddress,
  createdAt: leads.createdAt,
  /** As PostgreSQL prints it, microseconds included: the cursor must not lose them. */
  createdAtText: sql<string>`${leads.createdAt}::text`.as('created_at_text'),
  status: leads.status,
  firstContactAt: leads.firstContactAt,
  note: leads.note,
  erasedAt: leads.erasedAt,
  number: leads.number,
  consentAt: leads.consentAt,
  consentVersion: leads.consentVersion,
  consentForm: leads.consentForm,
  consentWithdrawnAt: leads.consentWithdrawnAt,
};

/**
 * Newest first. `byMatches`: in an order the created_at index cannot give, so that the database
 * reads the search index's matches and sorts them: after a window that held less than a page the
 * words are rare, yet the planner, misjudging a rare word, would walk the whole table backwards by
 * date (420 ms at a million leads for one e-mail address, against 5 ms).
 */
const rowsWhere = (db: Db, where: SQL | undefined, limit: number, byMatches = false) =>
  db
    .select(listColumns)
    .from(leads)
    .where(where)
    .orderBy(...newestFirst(byMatches))
    .limit(limit);

function newestFirst(byMatches = false): [SQL, SQL] {
  return [byMatches ? sql`${leads.createdAt} + interval '0 seconds' desc` : sql`${leads.createdAt} desc`, sql`${leads.id} desc`];
}

type LeadRow = Awaited<ReturnType<typeof rowsWhere>>[number];
/** How a batch of rows is read: as rows (the list), or as one JSON text (the export). */
type ReadRows = (db: Db, where: SQL | undefined, limit: number, byMatches?: boolean) => Promise<LeadRow[]>;

/** The list's columns named as its rows' keys, for JSON; and the keys whose values are instants. */
const jsonColumns = sql.join(
  Object.entries(listColumns).map(([key, field]) => sql`${field instanceof Column ? field : field.sql} as ${sql.identifier(key)}`),
  sql`, `,
);
const instantKeys = Object.entries(listColumns).flatMap(([key, field]) => (field instanceof Column && field.dataType === 'date' ? [key] : []));

/**
 * The same rows as `rowsWhere`, read as one JSON text for the whole batch (the export). PGlite runs
 * in the server's own thread and decodes each field of each row there: at 1,000 rows a batch that
 * was most of an export's time (26,562 rows/s at a million leads). One field a batch, parsed by
 * JSON.parse into rows already keyed as the list's, leaves the rest to the database.
 */
const rowsAsJson: ReadRows = async (db, where, limit, byMatches) => {
  // Both drivers (node-postgres, PGlite) answer `{ rows }`; the shared Db type does not say so.
  const result = (await db.execute(
    sql`select coalesce(json_agg(b order by b."createdAt" desc, b.id desc), '[]')::text as rows
        from (select ${jsonColumns} from ${leads} where ${where ?? sql`true`} order by ${sql.join(newestFirst(byMatches), sql`, `)} limit ${limit}) b`,
  )) as { rows: Array<{ rows: string }> };
  const rows = JSON.parse(result.rows[0]?.rows ?? '[]') as Array<Record<string, unknown>>;
  for (const row of rows) for (const key of instantKeys) if (typeof row[key] === 'string') row[key] = new Date(row[key]);
  return rows as LeadRow[];
};

/**
 * How far back a word search looks first, in days before the cursor (or now), reading the leads of
 * that window newest first along the date index: a common word (a first name in one lead of six,
 * or two common words together) fills a page within days instead of the database sorting every
 * lead that has it (235 ms at a million leads for «Ольга Смирнова», which the planner, misjudging
 * two words together as rare, read through the search index). A window that holds less than a
 * page gives way to all leads, read through the search index: the words are rare.
 */
const SEARCH_WINDOW_DAYS = 7;

/** The leads of a word search within SEARCH_WINDOW_DAYS before the cursor (or now). */
export function searchWindow(cursor: Cursor | undefined): SQL {
  const newest = cursor ? sql`${cursor.at}::timestamptz` : sql`now()`;
  return sql`${leads.createdAt} >= ${newest} - make_interval(days => ${SEARCH_WINDOW_DAYS})`;
}

/** One batch of leads, newest first, matching the filter and after the cursor; `asJson` for the export. */
export async function selectLeads(db: Db, filter: LeadFilter, hours: WorkingHours, cursor: Cursor | undefined, limit: number, asJson = false): Promise<LeadRow[]> {
  const read: ReadRows = asJson ? rowsAsJson : rowsWhere;
  const where = and(filterCondition(filter, hours), keysetCondition(cursor));
  if (filter.q && searchTerms(filter.q).words) {
    const recent = await read(db, and(filterCondition(filter, hours, true), keysetCondition(cursor), searchWindow(cursor)), limit);
    if (recent.length === limit) return recent;
    return read(db, where, limit, true);
  }
  return read(db, where, limit);
}

export interface Delivery {
  channel: string;
  status: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
  /** The record a CRM made of the lead (its page there). */
  externalUrl: string | null;
}

/** The delivery state of each lead's messages (Telegram, e-mail, the CRMs, the webhook), from the outbox. */
export async function deliveriesOf(db: Db, leadIds: string[]): Promise<Map<string, Delivery[]>> {
  const byLead = new Map<string, Delivery[]>();
  if (!leadIds.length) return byLead;
  const rows = await db
    .select({
      leadId: outboxMessages.leadId,
      channel: outboxMessages.channel,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      deliveredAt: outboxMessages.deliveredAt,
      externalUrl: outboxMessages.externalUrl,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.leadId, leadIds))
    .orderBy(outboxMessages.channel);
  for (const { leadId, ...delivery } of rows) {
    if (!leadId) continue;
    byLead.set(leadId, [...(byLead.get(leadId) ?? []), delivery]);
  }
  return byLead;
}

/** A row of the list: the lead, its deliveries, whose it is and whether the customer came before. */
export type LeadListRow = LeadRow & {
  deliveries: Delivery[];
  ownerId: string | null;
  /** The owner's name (the e-mail when unset); null: unowned. */
  ownerName: string | null;
  /** An earlier lead has the same phone (E.164), e-mail or INN. */
  returning: boolean;
};

export interface LeadPage {
  rows: LeadListRow[];
  next?: string;
}

/** The owners of the given leads. */
async function ownersOf(db: Db, leadIds: string[]): Promise<Map<string, string>> {
  if (!leadIds.length) return new Map();
  const rows = await db.select({ id: leads.id, ownerId: leads.ownerId }).from(leads).where(inArray(leads.id, leadIds));
  return new Map(rows.flatMap((row) => (row.ownerId ? [[row.id, row.ownerId] as const] : [])));
}

/** A page of the list: PAGE_SIZE rows and the cursor of the next page when there is one. */
export async function listLeads(db: Db, filter: LeadFilter, hours: WorkingHours, cursor?: Cursor, limit = PAGE_SIZE): Promise<LeadPage> {
  const rows = await selectLeads(db, filter, hours, cursor, limit + 1);
  const shown = rows.slice(0, limit);
  const ids = shown.map((row) => row.id);
  const [deliveries, owners, returning] = await Promise.all([deliveriesOf(db, ids), ownersOf(db, ids), returningOf(db, ids)]);
  const names = await staffNames(db, [...owners.values()]);
  const last = shown.at(-1);
  return {
    rows: shown.map((row) => {
      const ownerId = owners.get(row.id) ?? null;
      return { ...row, deliveries: deliveries.get(row.id) ?? [], ownerId, ownerName: ownerId ? (names.get(ownerId) ?? null) : null, returning: returning.has(row.id) };
    }),
    next: rows.length > limit && last ? encodeCursor({ at: last.createdAtText, id: last.id }) : undefined,
  };
}

