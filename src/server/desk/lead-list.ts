import 'server-only';
import { and, asc, Column, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads, outboxMessages, staff } from '@/db/schema';
import type { WorkingHours } from './working-hours';
import { zonedInstant } from './working-hours';
import { DEFAULT_SORT, searchTerms, type LeadFilter, type LeadSort, type SortKey } from './lead-filter';
import { returningOf } from './earlier-leads';

const PAGE_SIZE = 50;

/**
 * Where the next page starts: the last row's (created_at as PostgreSQL prints it, id) and, when the
 * list is sorted by another column, that column's value in the row (`key` names the column).
 */
export interface Cursor {
  at: string;
  id: string;
  key?: SortKey;
  value?: string;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(cursor.key && cursor.key !== 'created' ? `${cursor.at}|${cursor.id}|${cursor.key}|${cursor.value ?? ''}` : `${cursor.at}|${cursor.id}`).toString('base64url');

/** The cursor of `?after=`, when it is well formed and belongs to the list's sort (else the first page). */
export function decodeCursor(value: string | null | undefined, sort: LeadSort = DEFAULT_SORT): Cursor | undefined {
  if (!value || value.length > 1000) return undefined;
  const [at, id, key, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  // As PostgreSQL prints a timestamptz: `2026-03-04 10:00:00.123456+03`.
  const timestamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
  if (!at || !id || !/^[0-9a-f-]{36}$/i.test(id) || !timestamp.test(at)) return undefined;
  if ((key ?? 'created') !== sort.key) return undefined;
  return key ? { at, id, key: sort.key, value: rest.join('|') } : { at, id };
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
  if (filter.owner === 'mine') conditions.push(filter.me ? eq(leads.ownerId, filter.me) : sql`false`);
  else if (filter.owner === 'none') conditions.push(isNull(leads.ownerId));
  else if (filter.owner && filter.owner !== 'all') conditions.push(eq(leads.ownerId, filter.owner));
  if (filter.department) conditions.push(sql`(${leads.payload}->>'department') = ${filter.department}`);
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

/** The column of each sort key (never null, so that a row value compares). */
const sortColumns: Record<Exclude<SortKey, 'created'>, Column> = { kind: leads.kind, status: leads.status, name: leads.name };

/**
 * Rows after the cursor in the list's order: `(created_at, id) < (cursor)` newest first, or
 * `(column, created_at, id) > (cursor)` for a column A→Z; every part of the order runs in one
 * direction, so an index on (column, created_at, id) answers it read forwards or backwards.
 */
function keysetCondition(cursor: Cursor | undefined, sort: LeadSort = DEFAULT_SORT): SQL | undefined {
  if (!cursor) return undefined;
  const after = sort.desc ? sql`<` : sql`>`;
  if (sort.key === 'created') return sql`(${leads.createdAt}, ${leads.id}) ${after} (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  return sql`(${sortColumns[sort.key]}, ${leads.createdAt}, ${leads.id}) ${after} (${cursor.value ?? ''}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The ORDER BY of a sort: its column (if not the time), then the time and the id, all one way. */
function sortOrder(sort: LeadSort): SQL[] {
  const dir = sort.desc ? sql`desc` : sql`asc`;
  const tail = [sql`${leads.createdAt} ${dir}`, sql`${leads.id} ${dir}`];
  return sort.key === 'created' ? tail : [sql`${sortColumns[sort.key]} ${dir}`, ...tail];
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
  /** The lead's latest comment (a status change's or a note): what the export's note column holds. */
  // Spelled out with aliases: inside a one-table select drizzle names columns without their table.
  note: sql<string | null>`(select e.note from lead_events e where e.lead_id = "leads"."id" and e.note is not null order by e.created_at desc, e.id desc limit 1)`.as('latest_note'),
  ownerId: leads.ownerId,
  /** The owner's name, else their e-mail; null while nobody owns the lead. */
  ownerName: sql<string | null>`(select coalesce(s.display_name, s.email) from staff s where s.id = "leads"."owner_id")`.as('owner_name'),
  /** "Call back at": the lead returns to its owner at this time (shown as due once it has come). */
  callbackAt: leads.callbackAt,
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
const rowsWhere = (db: Db, where: SQL | undefined, limit: number, byMatches = false, sort: LeadSort = DEFAULT_SORT) =>
  db
    .select(listColumns)
    .from(leads)
    .where(where)
    .orderBy(...(sort.key === 'created' && sort.desc ? newestFirst(byMatches) : sortOrder(sort)))
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
 * How far back a word search looks first, in leads before the cursor (or the newest), reading that
 * window newest first along the date index: a common word (a first name in one lead of six, or two
 * common words together) fills a page within it instead of the database sorting every lead that has
 * it (235 ms at a million leads for «Ольга Смирнова», which the planner, misjudging two words
 * together as rare, read through the search index). A window that holds less than a page gives way
 * to all leads, read through the search index: the words are rare. Counted in leads, not days, so
 * that its cost does not grow with the rate of leads (a window of 7 days was 9,800 leads at a million
 * over two years: 40–60 ms of reading every one of them before a rare word's own search began).
 */
const SEARCH_WINDOW_LEADS = 2000;

/** The leads of a word search among the SEARCH_WINDOW_LEADS newest before the cursor (or all of them when there are fewer). */
export function searchWindow(cursor: Cursor | undefined): SQL {
  const before = cursor ? sql`where w.created_at <= ${cursor.at}::timestamptz` : sql``;
  return sql`${leads.createdAt} >= coalesce((select w.created_at from ${leads} w ${before} order by w.created_at desc offset ${SEARCH_WINDOW_LEADS - 1} limit 1), '-infinity'::timestamptz)`;
}

/** One batch of leads, in the sort's order (newest first by default), matching the filter and after the cursor; `asJson` for the export. */
export async function selectLeads(db: Db, filter: LeadFilter, hours: WorkingHours, cursor: Cursor | undefined, limit: number, asJson = false, sort: LeadSort = DEFAULT_SORT): Promise<LeadRow[]> {
  if (sort.key !== 'created' || !sort.desc) {
    // Another order: the search window (newest first) does not apply; the filter's rows are sorted.
    return rowsWhere(db, and(filterCondition(filter, hours), keysetCondition(cursor, sort)), limit, false, sort);
  }
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
    // The lead's own messages; its reminders (src/server/desk/lead-alerts.ts) are not its delivery.
    .where(and(inArray(outboxMessages.leadId, leadIds), sql`not (${outboxMessages.payload} ? 'alert')`))
    .orderBy(outboxMessages.channel);
  for (const { leadId, ...delivery } of rows) {
    if (!leadId) continue;
    byLead.set(leadId, [...(byLead.get(leadId) ?? []), delivery]);
  }
  return byLead;
}

/** A row of the list: the lead, its deliveries, whose it is and whether the customer came before. */
type LeadListRow = LeadRow & {
  deliveries: Delivery[];
  /** Its call-back time has come (the list marks it). */
  callbackDue: boolean;
  /** An earlier lead has the same phone (E.164), e-mail or INN. */
  returning: boolean;
};

export interface LeadPage {
  rows: LeadListRow[];
  next?: string;
}

/** A call back whose time came, on a lead still open. */
const callbackHasCome = (row: { callbackAt: Date | null; status: string }, now: number) =>
  row.callbackAt !== null && row.callbackAt.getTime() <= now && (row.status === 'new' || row.status === 'in_progress');

/** At most this many call-backs whose time has come lead the first page. */
const DUE_FIRST = 20;

/** The filter's open leads whose call-back time has come, the longest due first (leads_callback_idx). */
const dueCallbacks = (db: Db, filter: LeadFilter, hours: WorkingHours, now: number) =>
  db
    .select(listColumns)
    .from(leads)
    .where(and(filterCondition(filter, hours), sql`${leads.callbackAt} <= ${new Date(now).toISOString()}::timestamptz`, inArray(leads.status, ['new', 'in_progress'])))
    .orderBy(asc(leads.callbackAt), asc(leads.id))
    .limit(DUE_FIRST);

/**
 * A page of the list: PAGE_SIZE rows in the sort's order and the cursor of the next page when there
 * is one. The first page begins with the call-backs whose time has come: a lead put off until a
 * time is back on top of its owner's list then, wherever its date puts it.
 */
export async function listLeads(db: Db, filter: LeadFilter, hours: WorkingHours, cursor?: Cursor, limit = PAGE_SIZE, sort: LeadSort = DEFAULT_SORT, now = Date.now()): Promise<LeadPage> {
  const [rows, due] = await Promise.all([selectLeads(db, filter, hours, cursor, limit + 1, false, sort), cursor ? [] : dueCallbacks(db, filter, hours, now)]);
  const dueIds = new Set(due.map((row) => row.id));
  const shown = [...due, ...rows.slice(0, limit).filter((row) => !dueIds.has(row.id))];
  const ids = shown.map((row) => row.id);
  const [deliveries, returning] = await Promise.all([deliveriesOf(db, ids), returningOf(db, ids)]);
  // The next page goes on from the last row of the sort's own order, not from a call-back put first.
  const last = rows.slice(0, limit).at(-1);
  const value = last && sort.key !== 'created' ? String(last[sort.key]) : undefined;
  return {
    rows: shown.map((row) => ({ ...row, deliveries: deliveries.get(row.id) ?? [], callbackDue: callbackHasCome(row, now), returning: returning.has(row.id) })),
    next: rows.length > limit && last ? encodeCursor({ at: last.createdAtText, id: last.id, key: sort.key, value }) : undefined,
  };
}

/** Above this many the list says «more than …» instead of counting every matching lead. */
export const COUNT_BOUND = 10_000;

/**
 * How many leads match the filter: exact up to COUNT_BOUND, else `{ count: COUNT_BOUND, more: true }`.
 * The database stops at the bound (a LIMIT under the count), so a broad filter over a million leads
 * costs at most the bound's rows of an index, never the table.
 */
export async function countLeads(db: Db, filter: LeadFilter, hours: WorkingHours): Promise<{ count: number; more: boolean }> {
  const where = filterCondition(filter, hours);
  const result = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${leads} where ${where ?? sql`true`} limit ${COUNT_BOUND + 1}) matched`,
  )) as unknown as { rows: Array<{ n: number }> };
  const count = Number(result.rows[0]?.n ?? 0);
  return count > COUNT_BOUND ? { count: COUNT_BOUND, more: true } : { count, more: false };
}

/** The staff a lead can be given to or filtered by: every active member, by name. */
export function activeStaff(db: Db) {
  return db
    .select({ id: staff.id, name: sql<string>`coalesce(${staff.displayName}, ${staff.email})` })
    .from(staff)
    .where(isNull(staff.disabledAt))
    .orderBy(asc(sql`coalesce(${staff.displayName}, ${staff.email})`));
}

