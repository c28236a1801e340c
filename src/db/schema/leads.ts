import 'server-only';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, customType, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// A cycle of modules (staff ← lead events → leads → staff) that drizzle resolves lazily.
import { staff } from './desk';

/** PostgreSQL's full-text document type (the desk's search over name, e-mail and firm). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The leads' numbers (№ 1, 2, …), taken before the lead is stored so its messages can name it. */
export const leadNumbers = pgSequence('lead_number_seq');

/**
 * The record of a consent to the processing of personal data (152-FZ): when, to which version of
 * the text, from which address and in which form. Erasure keeps it (but the address) and notes the
 * withdrawal.
 */
export const consentColumns = () => ({
  consentAt: timestamp('consent_at', { withTimezone: true }),
  consentVersion: text('consent_version'),
  consentForm: text('consent_form'),
  consentAddress: text('consent_address'),
  consentWithdrawnAt: timestamp('consent_withdrawn_at', { withTimezone: true }),
});

/** Every accepted lead (feedback, buy/demo, order), stored before anything is sent. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('lead_number_seq')`),
    /** 'feedback' | 'btn_buy' | 'btn_demo' | 'order' | 'registration' (an account created) */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    lang: text('lang').notNull(),
    /** The validated form as posted (field names of the specification). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sales desk's work on it: 'new' → 'in_progress' → 'won' | 'lost' | 'spam'. */
    status: text('status').notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The first status change away from 'new': when sales first got in touch. */
    firstContactAt: timestamp('first_contact_at', { withTimezone: true }),
    note: text('note'),
    /** The member of the sales staff who owns it (given in turn, taken or handed over); null: nobody yet. */
    ownerId: uuid('owner_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    ownedAt: timestamp('owned_at', { withTimezone: true }),
    /** "Call back at": the lead returns to its owner's list at this time, with the same reminder. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    /** The phone in E.164 (`+79161234567`) when it parses: a returning customer is found by it. */
    phoneE164: text('phone_e164'),
    /**
     * Working minutes (DESK_WORKING_HOURS) from the lead to its first contact, stored when the first
     * contact is recorded (src/server/desk/lead-work.ts): the report's medians read it, not a calendar.
     */
    responseMinutes: integer('response_minutes'),
    /** Personal data blanked (on request or by LEADS_RETENTION_DAYS); the fact and its timing stay. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...consentColumns(),
    /** The phone's digits, so that `9161234567` finds `+7 (916) 123-45-67`. */
    phoneDigits: text('phone_digits').generatedAlwaysAs(sql`regexp_replace(phone, '[^0-9]', '', 'g')`),
    /** Words of the name, e-mail (whole and split at @ and dots) and firm for the desk's search (prefix matches). */
    searchDoc: tsvector('search_doc').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.', '  ') || ' ' || coalesce(payload->>'firm_name', ''))`,
    ),
    // Where it came from, for the report (docs/decisions/048-lead-report.md): the campaign's source
    // and medium, else the referring site's domain, else null (direct); the campaign; the page it
    // was sent from without its query; the product or plan.
    reportSource: text('report_source').generatedAlwaysAs(
      sql`coalesce(nullif(lower(btrim(payload->>'utm_source')), '') || coalesce(' / ' || nullif(lower(btrim(payload->>'utm_medium')), ''), ''), regexp_replace(lower(substring(payload->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:@]+)')), '^www[.]', ''))`,
    ),
    reportCampaign: text('report_campaign').generatedAlwaysAs(sql`nullif(btrim(payload->>'utm_campaign'), '')`),
    reportPage: text('report_page').generatedAlwaysAs(sql`nullif(split_part(split_part(payload->>'url', '?', 1), '#', 1), '')`),
    reportProduct: text('report_product').generatedAlwaysAs(sql`nullif(payload->>'product', '')`),
  },
  (table) => [
    index('leads_created_idx').on(table.createdAt),
    // The desk's list: newest first with a (created_at, id) keyset, whole or by one filter.
    index('leads_list_idx').on(table.createdAt, table.id),
    uniqueIndex('leads_number_idx').on(table.number),
    index('leads_kind_list_idx').on(table.kind, table.createdAt, table.id),
    index('leads_status_list_idx').on(table.status, table.createdAt, table.id),
    // The list sorted by name (A→Z or Z→A), page after page along the index.
    index('leads_name_list_idx').on(table.name, table.createdAt, table.id),
    index('leads_department_list_idx').on(sql`(${table.payload}->>'department')`, table.createdAt, table.id),
    index('leads_search_idx').using('gin', table.searchDoc),
    index('leads_phone_prefix_idx').on(sql`${table.phoneDigits} text_pattern_ops`),
    index('leads_phone_suffix_idx').on(sql`reverse(${table.phoneDigits}) text_pattern_ops`),
    // The national number after a one-digit country code (+7, +1): `916 123` finds +7 916 123-45-67.
    index('leads_phone_national_idx').on(sql`substr(${table.phoneDigits}, 2) text_pattern_ops`),
    // "My leads" and the list by owner, newest first; a returning customer by phone, e-mail or INN.
    index('leads_owner_list_idx').on(table.ownerId, table.createdAt, table.id),
    index('leads_phone_e164_idx').on(table.phoneE164, table.createdAt).where(sql`${table.phoneE164} is not null`),
    index('leads_email_lower_idx').on(sql`lower(${table.email})`, table.createdAt).where(sql`${table.email} is not null`),
    // The reminders' scan: the call backs that came due.
    index('leads_callback_idx').on(table.callbackAt).where(sql`${table.callbackAt} is not null`),
    // The report over a period: an index-only scan of a date range reads all it groups by.
    index('leads_report_idx').on(table.createdAt, table.kind, table.reportSource, table.reportCampaign, table.reportPage, table.reportProduct, table.ownerId, table.firstContactAt, table.responseMinutes),
    // Leads contacted before their working minutes were stored (until the report has filled them in).
    index('leads_response_unknown_idx').on(table.createdAt).where(sql`${table.firstContactAt} is not null and ${table.responseMinutes} is null`),
    index('leads_inn_idx').on(sql`(${table.payload}->>'inn')`, table.createdAt).where(sql`${table.payload} ? 'inn'`),
  ],
);

/**
 * The lead report's counts, kept current by a trigger on leads in the same transaction as the lead
 * and each change of it (migration 0015, docs/decisions/048-lead-report.md): per UTC week, the
 * leads of each source, campaign, page, product and owner (`key`, '' for none) in each band of
 * working minutes to first contact (`bucket`: -1 not contacted, -2 contacted before minutes were
 * stored, else the index of src/server/desk/report-figures.ts BUCKET_EDGES); and per UTC hour
 * (`dimension` 'hour') the leads, for the weekly line. An invoice's own lead is not counted.
 */
export const leadReportCells = pgTable(
  'lead_report_cells',
  {
    dimension: text('dimension').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    key: text('key').notNull(),
    bucket: smallint('bucket').notNull(),
    leads: integer('leads').notNull(),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.periodStart, table.key, table.bucket] })],
);

/**
 * The idempotency key of a lead's send (`Idempotency-Key`): a browser makes one when a form is
 * first sent and repeats it on every retry of that send, so a retry after a lost answer finds the
 * lead it already made instead of making a second. Stored with the lead in one statement; kept
 * for `REQUEST_KEY_DAYS` (src/server/leads/request-keys.ts), then forgotten.
 */
export const leadRequestKeys = pgTable(
  'lead_request_keys',
  {
    key: text('key').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lead_request_keys_created_idx').on(table.createdAt)],
);

/**
 * The transactional outbox: one row per message to deliver (lead × channel, remind e-mails).
 * status: 'pending' → 'delivered'; 'held' when the channel was off when it was queued; 'failed'
 * when the channel refused it for good (a DeliveryError marked permanent: the desk can retry it).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The record the delivery made in a CRM (its page), shown as a link in the desk. */
    externalUrl: text('external_url'),
    /** The claim that holds the row (one per claim): a worker settles only a row still under its own claim. */
    claimToken: uuid('claim_token'),
    /** It may have gone out already (sent, its settling unknown): it goes again alone, marked as a possible repeat. */
    possibleRepeat: boolean('possible_repeat').notNull().default(false),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    // The desk shows each lead's delivery state, and retries and erasures find its rows.
    index('outbox_lead_idx').on(table.leadId),
  ],
);

/**
 * When each delivery target may next be sent to (`telegram:<chat id>`), shared by every server
 * process: a worker reserves a slot by moving `next_free_at` on, so two instances together keep
 * Telegram's pace for one chat, and a 429's retry_after holds them all.
 */
export const deliveryPacing = pgTable('delivery_pacing', {
  target: text('target').primaryKey(),
  nextFreeAt: timestamp('next_free_at', { withTimezone: true }).notNull(),
});
