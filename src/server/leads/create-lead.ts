import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { leads, outboxMessages } from '@/db/schema';
import { getEnv } from '../env';
import { deskPath } from '../desk/desk-paths';
import { getLogger } from '../logger';
import { countLeadAccepted } from '../metrics';
import { leadChannels } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { leadDigestLine, leadEmail, leadTelegramText, type LeadSummary } from './format-lead';

export interface NewLead {
  summary: LeadSummary;
  /** The validated form, stored as posted. */
  payload: Record<string, unknown>;
  clientAddress?: string;
  userAgent?: string;
}

/**
 * Stores a lead and queues it for every configured channel in ONE transaction, then wakes the
 * outbox worker. Nothing is sent here: the answer goes out after the commit.
 */
export async function createLead(lead: NewLead): Promise<string> {
  const env = getEnv();
  const db = await getDb();
  const channels = leadChannels(env);
  // The id is made here so the outbox rows (and the desk link in them) can name it without reading it back.
  const id = randomUUID();
  const summary: LeadSummary = env.siteUrlGiven ? { ...lead.summary, deskUrl: `${env.NEXT_PUBLIC_SITE_URL.replace(/\/+$/, '')}${deskPath('ru', `leads/${id}`)}` } : lead.summary;

  // One statement, so one round trip and no explicit transaction: the lead and its outbox rows
  // commit together or not at all (a data-modifying WITH is atomic).
  const leadInsert = db.insert(leads).values({
    id,
    kind: summary.kind,
    name: summary.name,
    phone: summary.phone,
    email: summary.email ?? null,
    lang: summary.lang,
    payload: lead.payload,
    clientAddress: lead.clientAddress ?? null,
    userAgent: lead.userAgent?.slice(0, 500) ?? null,
  });
  const messages = channels.map((channel) => ({
    channel,
    leadId: id,
    // `line`: the lead in a digest, when the chat's backlog is sent several leads a message.
    payload: channel === 'telegram' ? { text: leadTelegramText(summary), line: leadDigestLine(summary) } : leadEmail(summary, env.SALES_EMAIL ?? ''),
  }));
  if (messages.length) {
    await db.execute(sql`with ${sql.identifier('stored_lead')} as (${leadInsert.getSQL()}) ${db.insert(outboxMessages).values(messages).getSQL()}`);
  } else {
    await leadInsert;
  }

  const log = getLogger();
  if (channels.length) {
    log.info({ leadId: id, kind: summary.kind, channels }, 'lead stored and queued');
    wakeOutbox();
  } else {
    // By id only: the log holds no personal data; the lead itself is in the desk.
    log.warn({ leadId: id, kind: summary.kind }, 'lead stored; no delivery channel is configured');
  }
  countLeadAccepted(summary.kind);
  return id;
}
