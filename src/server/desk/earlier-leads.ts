import 'server-only';
import { desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads, staff } from '@/db/schema';

/** What a lead is matched by: its phone in E.164, its e-mail (any case) and the company's INN. */
export interface LeadIdentity {
  id: string;
  createdAt: Date;
  phoneE164: string | null;
  email: string | null;
  payload: Record<string, unknown>;
}

const innOf = (payload: Record<string, unknown>) => (typeof payload.inn === 'string' && payload.inn.trim() ? payload.inn.trim() : undefined);

/** How many earlier leads a page lists (the most recent). */
const EARLIER_LIMIT = 20;

/**
 * The ids of the customer's leads before `lead`, newest first: one probe of each index
 * (leads_phone_e164_idx, leads_email_lower_idx, leads_inn_idx), each read newest first and cut at
 * the limit, so a phone with thousands of leads costs no more than one with two.
 */
function earlierIds(lead: LeadIdentity, limit: number): SQL | undefined {
  const before = sql`created_at < ${lead.createdAt.toISOString()}::timestamptz and id <> ${lead.id}::uuid`;
  const arms: SQL[] = [];
  if (lead.phoneE164) arms.push(sql`(select id, created_at from leads where phone_e164 = ${lead.phoneE164} and ${before} order by created_at desc limit ${limit})`);
  if (lead.email) arms.push(sql`(select id, created_at from leads where lower(email) = lower(${lead.email}) and email is not null and ${before} order by created_at desc limit ${limit})`);
  const inn = innOf(lead.payload);
  if (inn) arms.push(sql`(select id, created_at from leads where payload ? 'inn' and (payload->>'inn') = ${inn} and ${before} order by created_at desc limit ${limit})`);
  return arms.length ? sql.join(arms, sql` union `) : undefined;
}

export interface EarlierLead {
  id: string;
  number: number;
  kind: string;
  createdAt: Date;
  status: string;
  ownerId: string | null;
  ownerName: string | null;
}

/** The customer's earlier leads (same phone, e-mail or INN), newest first, with their status and owner. */
export async function earlierLeads(db: Db, lead: LeadIdentity, limit = EARLIER_LIMIT): Promise<EarlierLead[]> {
  const ids = earlierIds(lead, limit);
  if (!ids) return [];
  const rows = (await db.execute(sql`select id from (${ids}) matched order by created_at desc limit ${limit}`)) as unknown as { rows: Array<{ id: string }> };
  if (!rows.rows.length) return [];
  return db
    .select({
      id: leads.id,
      number: leads.number,
      kind: leads.kind,
      createdAt: leads.createdAt,
      status: leads.status,
      ownerId: leads.ownerId,
      ownerName: sql<string | null>`coalesce(nullif(trim(${staff.displayName}), ''), ${staff.email})`,
    })
    .from(leads)
    .leftJoin(staff, sql`${staff.id} = ${leads.ownerId}`)
    .where(inArray(leads.id, rows.rows.map((row) => row.id)))
    .orderBy(desc(leads.createdAt));
}

/** The owner of the customer's most recent open (new, in progress) earlier lead, if it has one. */
export async function earlierOpenOwner(db: Pick<Db, 'execute'>, lead: LeadIdentity): Promise<string | undefined> {
  const ids = earlierIds(lead, EARLIER_LIMIT);
  if (!ids) return undefined;
  const result = (await db.execute(
    sql`select l.owner_id from (${ids}) matched join leads l on l.id = matched.id
        where l.status in ('new', 'in_progress') and l.owner_id is not null order by matched.created_at desc limit 1`,
  )) as unknown as { rows: Array<{ owner_id: string }> };
  return result.rows[0]?.owner_id ?? undefined;
}

/**
 * Which of the given leads come from a returning customer (an earlier lead with the same phone,
 * e-mail or INN): one EXISTS per lead and key, each a probe of its index; for one page of the list.
 */
export async function returningOf(db: Db, leadIds: string[]): Promise<Set<string>> {
  if (!leadIds.length) return new Set();
  const result = (await db.execute(sql`
    select l.id from leads l
    where l.id in (${sql.join(leadIds.map((id) => sql`${id}::uuid`), sql`, `)})
      and (
        (l.phone_e164 is not null and exists (select 1 from leads e where e.phone_e164 = l.phone_e164 and e.created_at < l.created_at))
        or (l.email is not null and exists (select 1 from leads e where lower(e.email) = lower(l.email) and e.email is not null and e.created_at < l.created_at))
        or (l.payload ? 'inn' and exists (select 1 from leads e where e.payload ? 'inn' and (e.payload->>'inn') = (l.payload->>'inn') and e.created_at < l.created_at))
      )`)) as unknown as { rows: Array<{ id: string }> };
  return new Set(result.rows.map((row) => row.id));
}
