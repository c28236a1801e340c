import 'server-only';
import { leadOfDelivery, type LeadRecord } from '../../crm/lead-record';
import { postSigned, type SignedTarget } from './signed-post';
import type { Channel } from './types';

export interface WebhookSettings extends SignedTarget {
  site: string;
  deskUrl?: (leadId: string) => string | undefined;
}

/** The JSON a receiver gets: the lead with every field of its stored form (names of the lead definitions) and its consent record. */
function webhookBody(record: LeadRecord, settings: Pick<WebhookSettings, 'site' | 'deskUrl'>, now = new Date()) {
  return {
    type: 'lead.created',
    timestamp: now.toISOString(),
    data: {
      id: record.id,
      number: record.number,
      kind: record.kind,
      lang: record.lang,
      createdAt: record.createdAt.toISOString(),
      site: settings.site,
      deskUrl: settings.deskUrl?.(record.id) ?? null,
      fields: record.data,
      consent: {
        at: record.consent.at?.toISOString() ?? null,
        version: record.consent.version,
        form: record.consent.form,
        withdrawnAt: record.consent.withdrawnAt?.toISOString() ?? null,
      },
    },
  };
}

/** The message's id: one per lead on this channel, the same on every retry, so the receiver can drop a repeat. */
const webhookId = (leadId: string) => `lead_${leadId}`;

/**
 * Each lead posted as JSON to WEBHOOK_URL, signed (src/server/outbox/channels/signed-post.ts): a
 * 410 refuses the lead for good, a 429 waits, anything else is tried again with backoff. A repeat
 * carries the same webhook-id.
 */
export function webhookChannel(settings: WebhookSettings): Channel {
  return {
    name: 'webhook',
    async send(_payload, context) {
      const record = await leadOfDelivery(context);
      await postSigned(settings, webhookId(record.id), JSON.stringify(webhookBody(record, settings)));
    },
  };
}
