import 'server-only';
import { getDb } from '@/db/client';
import { leads, outboxMessages } from '@/db/schema';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { leadChannels } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { leadEmail, leadTelegramText, type LeadSummary } from './format-lead';

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
  const { summary } = lead;

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        kind: summary.kind,
        name: summary.name,
        phone: summary.phone,
        email: summary.email ?? null,
        lang: summary.lang,
        payload: lead.payload,
        clientAddress: lead.clientAddress ?? null,
        userAgent: lead.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: leads.id });
    const leadId = row!.id;
    const messages = channels.map((channel) => ({
      channel,
      leadId,
      payload:
        channel === 'telegram'
          ? { text: leadTelegramText(summary) }
          : leadEmail(summary, env.SALES_EMAIL ?? ''),
    }));
    if (messages.length) await tx.insert(outboxMessages).values(messages);
    return leadId;
  });

  const log = getLogger();
  if (channels.length) {
    log.info({ leadId: id, kind: summary.kind, channels }, 'lead stored and queued');
    wakeOutbox();
  } else {
    log.warn({ leadId: id, kind: summary.kind, name: summary.name, phone: summary.phone, email: summary.email }, 'lead stored; no delivery channel is configured');
  }
  return id;
}
