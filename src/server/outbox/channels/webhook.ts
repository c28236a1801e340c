import 'server-only';
import { createHmac } from 'node:crypto';
import { callCrm, crmError, retryAfterSeconds, snippet } from '../../crm/http';
import { leadOfDelivery, type LeadRecord } from '../../crm/lead-record';
import type { Channel } from './types';

export interface WebhookSettings {
  url: string;
  /** `whsec_<base64>`: the HMAC key, base64 after the prefix (Standard Webhooks). */
  secret: string;
  site: string;
  deskUrl?: (leadId: string) => string | undefined;
  timeoutMs: number;
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

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the key decoded from `whsec_<base64>`. */
function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Each lead posted as JSON to WEBHOOK_URL, signed by the Standard Webhooks scheme (webhook-id,
 * webhook-timestamp, webhook-signature). Any 2xx is delivered; 410 Gone means the receiver wants no
 * more of it: a permanent refusal for the lead; 429 waits for its Retry-After; anything else, or no
 * answer, is tried again with backoff. A repeat carries the same webhook-id.
 */
export function webhookChannel(settings: WebhookSettings): Channel {
  const secrets = [settings.secret, settings.secret.replace(/^whsec_/, '')];
  return {
    name: 'webhook',
    async send(_payload, context) {
      const record = await leadOfDelivery(context);
      const body = JSON.stringify(webhookBody(record, settings));
      const id = webhookId(record.id);
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(settings.secret, id, timestamp, body),
      };
      const answer = await callCrm('webhook', settings.url, { method: 'POST', headers, body }, settings.timeoutMs, secrets);
      if (answer.status >= 200 && answer.status < 300) return;
      const named = `webhook: ${answer.status} ${snippet(answer.text, 100)}`.trim();
      if (answer.status === 410) throw crmError(`${named} (the receiver takes no more)`, secrets, { permanent: true });
      if (answer.status === 429 || answer.status === 503) throw crmError(named, secrets, { retryAfter: retryAfterSeconds(answer.headers) });
      throw crmError(named, secrets);
    },
  };
}
