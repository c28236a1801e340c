import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A post's Standard Webhooks signature checked as a receiver must: the key is the base64 after
 * `whsec_`; the signed content is `<webhook-id>.<webhook-timestamp>.<raw body>`; `webhook-signature`
 * holds space-separated `v1,<base64>` entries, one of which must match (in constant time); a
 * timestamp more than 5 minutes off is refused. The post's id and timestamp, or undefined.
 * @param {string} secret `whsec_<base64>`
 * @param {Record<string, string | string[] | undefined>} headers
 * @param {string} body
 * @returns {{ id: string; timestamp: number } | undefined}
 */
export function verifiedWebhook(secret, headers, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return undefined;
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > 300) return undefined;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const match = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { id, timestamp: seconds } : undefined;
}
