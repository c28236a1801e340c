import 'server-only';
import { createHmac } from 'node:crypto';
import { callCrm, crmError, retryAfterSeconds, snippet } from '../../crm/http';

/** Where signed events go: WEBHOOK_URL with its WEBHOOK_SECRET. */
export interface SignedTarget {
  url: string;
  /** `whsec_<base64>`: the HMAC key, base64 after the prefix (Standard Webhooks). */
  secret: string;
  timeoutMs: number;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with the key decoded from `whsec_<base64>`. */
function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Posts one event as JSON, signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp,
 * webhook-signature). `id` is the event's own, the same on every retry, so the receiver can drop a
 * repeat. Any 2xx is delivered; 410 Gone means the receiver wants no more of it: a permanent
 * refusal; 429 (or 503) waits for its Retry-After; anything else, or no answer, is tried again.
 */
export async function postSigned(target: SignedTarget, id: string, body: string): Promise<void> {
  const secrets = [target.secret, target.secret.replace(/^whsec_/, '')];
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(target.secret, id, timestamp, body),
  };
  const answer = await callCrm('webhook', target.url, { method: 'POST', headers, body }, target.timeoutMs, secrets);
  if (answer.status >= 200 && answer.status < 300) return;
  const named = `webhook: ${answer.status} ${snippet(answer.text, 100)}`.trim();
  if (answer.status === 410) throw crmError(`${named} (the receiver takes no more)`, secrets, { permanent: true });
  if (answer.status === 429 || answer.status === 503) throw crmError(named, secrets, { retryAfter: retryAfterSeconds(answer.headers) });
  throw crmError(named, secrets);
}
