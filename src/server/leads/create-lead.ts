import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { getDb } from '@/server/database';
import { leadRequestKeys, leads, outboxMessages } from '@/db/schema';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import { getEnv } from '../env';
import { describeError, getLogger } from '../logger';
import { leadChannels, leadDeskUrl } from '../outbox/config';
import { CRM_CHANNELS } from '../outbox/channels/types';
import { countLeadAccepted } from '../metrics';
import { wakeOutbox } from '../outbox/worker';
import { leadDigestLine, leadEmail, leadTelegramText, type LeadMessageInput } from './format-lead';
import { plainText } from './plain-text';
import { forgetOldKeys, isKeyTaken, leadOfKey } from './request-keys';
import { assignStoredLead } from '../desk/lead-owners';
import { phoneToE164 } from '../phone/phone';

export interface NewLead {
  kind: string;
  lang: string;
  /** The validated form, stored as posted (its kind's definition names and shows its fields). */
  data: Record<string, unknown>;
  /** The form the visitor consented in (`feedbackDialog`, `orderForm`, …: keys of `Desk.consentForms`). */
  consentForm: string;
  clientAddress?: string;
  userAgent?: string;
  /** The send's idempotency key: a lead already made with it is answered, not made again. */
  requestKey?: string;
}

/** Every text of a form made well-formed: a lone surrogate the browser sent must not cost the lead. */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wellFormed(item)]));
  return value;
}

const text = (value: unknown) => (typeof value === 'string' ? plainText(value) : '');

/**
 * The messages of a lead for each channel. Formatting can never cost a lead: should it fail, the
 * channel gets the lead's kind, number and desk link, and sales read the rest in the desk. A CRM
 * or the webhook reads the stored lead when it sends (docs/decisions/024): its row names the lead.
 */
function outboxPayload(channel: string, lead: LeadMessageInput, salesEmail: string): Record<string, unknown> {
  if ((CRM_CHANNELS as readonly string[]).includes(channel)) return { kind: lead.kind, number: lead.number };
  try {
    return channel === 'telegram' ? { text: leadTelegramText(lead), line: leadDigestLine(lead) } : leadEmail(lead, salesEmail);
  } catch (error) {
    getLogger().error({ err: describeError(error), kind: lead.kind, number: lead.number }, 'lead message could not be formatted; sent short');
    const short = { ...lead, data: {}, omitPersonal: true };
    return channel === 'telegram' ? { text: leadTelegramText(short), line: leadDigestLine(short) } : leadEmail(short, salesEmail);
  }
}

/** A lead made ready to store: its id and number, and the one statement that stores it with its outbox rows. */
export interface PreparedLead {
  id: string;
  number: number;
  channels: string[];
  statement: SQL;
}

/**
 * The statement that stores a lead with its consent record and its outbox row for every configured
 * channel (a data-modifying WITH, atomic on its own); run alone, or inside a transaction that stores
 * what the lead is about (an invoice). `db` may be that transaction.
 */
export async function prepareLead(db: Db, lead: NewLead): Promise<PreparedLead> {
  const env = getEnv();
  const channels = leadChannels(env);
  const data = wellFormed(lead.data) as Record<string, unknown>;
  // The id and number are made here so the outbox rows (and the desk link in them) can name them without reading them back.
  const id = randomUUID();
  const numbered = (await db.execute(sql`select nextval('lead_number_seq')::int as number`)) as unknown as { rows: Array<{ number: number }> };
  const number = Number(numbered.rows[0]!.number);
  const deskUrl = leadDeskUrl(env, id);
  const message: LeadMessageInput = { kind: lead.kind, number, lang: lead.lang, data, deskUrl };

  const leadInsert = db.insert(leads).values({
    id,
    number,
    kind: lead.kind,
    name: text(data.name),
    phone: text(data.phone),
    // A returning customer is found by it (src/server/desk/earlier-leads.ts).
    phoneE164: phoneToE164(text(data.phone)) ?? null,
    email: text(data.email) || null,
    lang: lead.lang,
    payload: data,
    clientAddress: lead.clientAddress ?? null,
    userAgent: lead.userAgent?.toWellFormed().slice(0, 500).toWellFormed() ?? null,
    consentAt: sql`now()`,
    consentVersion: CONSENT_VERSION,
    consentForm: lead.consentForm,
    consentAddress: lead.clientAddress ?? null,
  });
  const messages = channels.map((channel) => ({
    channel,
    leadId: id,
    payload: outboxPayload(channel, channel === 'telegram' ? { ...message, omitPersonal: env.TELEGRAM_PERSONAL_DATA === 'omit' } : message, env.SALES_EMAIL ?? ''),
  }));
  // The send's key goes in the same statement: a second send with it that raced this one fails on
  // the key, storing nothing, and is answered with the lead this one made.
  const parts = [sql`${sql.identifier('stored_lead')} as (${leadInsert.getSQL()})`];
  if (lead.requestKey) parts.push(sql`${sql.identifier('stored_key')} as (${db.insert(leadRequestKeys).values({ key: lead.requestKey, leadId: id }).getSQL()})`);
  const last = messages.length ? db.insert(outboxMessages).values(messages).getSQL() : sql`select 1`;
  return { id, number, channels, statement: sql`with ${sql.join(parts, sql`, `)} ${last}` };
}

/** After a lead's statement committed: the log line, the worker woken, the counter. */
export function leadCommitted(lead: Pick<NewLead, 'kind'>, prepared: PreparedLead): void {
  const log = getLogger();
  const { id, number, channels } = prepared;
  // By id and number only: the log is no place for a person's data.
  if (channels.length) {
    log.info({ leadId: id, number, kind: lead.kind, channels }, 'lead stored and queued');
    wakeOutbox();
  } else {
    log.warn({ leadId: id, number, kind: lead.kind }, 'lead stored; no delivery channel is configured (read it in the desk)');
  }
  countLeadAccepted(lead.kind);
}

/**
 * Stores a lead with its consent record and queues it for every configured channel in ONE
 * statement, then wakes the outbox worker. Nothing is sent here: the answer goes out after the commit.
 */
export async function createLead(lead: NewLead): Promise<{ id: string; number: number; repeated?: true }> {
  const db = await getDb();
  // A retry of a send the server already took (its answer was lost): the lead it made, nothing new.
  const earlier = lead.requestKey ? await leadOfKey(db, lead.requestKey) : undefined;
  if (earlier) return { ...earlier, repeated: true };
  const prepared = await prepareLead(db, lead);
  try {
    await db.execute(prepared.statement);
  } catch (error) {
    const raced = lead.requestKey && isKeyTaken(error) ? await leadOfKey(db, lead.requestKey) : undefined;
    if (raced) return { ...raced, repeated: true };
    throw error;
  }
  if (lead.requestKey) forgetOldKeys(db);
  // Its owner before the answer: the desk shows whose it is as soon as it is there.
  await assignStoredLead(db, prepared.id);
  leadCommitted(lead, prepared);
  return { id: prepared.id, number: prepared.number };
}
