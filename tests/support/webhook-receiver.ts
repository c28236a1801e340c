import { createHmac, timingSafeEqual } from 'node:crypto';
import { startJsonStub, type StubAnswer } from './json-stub';

/** ok: 204. fail: 500. gone: 410 (takes no more). rate-limit: 429 with Retry-After. hang: never answers. swallow: keeps it, answers 500. */
export type ReceiverMode = 'ok' | 'fail' | 'gone' | 'rate-limit' | 'hang' | 'swallow';

/**
 * A webhook receiver on 127.0.0.1 that verifies the Standard Webhooks signature as a receiver
 * must: the key is the base64 after `whsec_`; the signed content is `<webhook-id>.<webhook-timestamp>.<raw body>`;
 * `webhook-signature` holds space-separated `v1,<base64>` entries, one of which must match (in
 * constant time); a timestamp more than 5 minutes off is refused. A request that fails the check
 * gets 401 and is counted in `rejected`.
 */
export async function startWebhookReceiver(secret: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  let mode: ReceiverMode = 'ok';
  const deliveries: Array<{ id: string; timestamp: number; body: Record<string, unknown>; at: number }> = [];
  let rejected = 0;

  function verified(headers: Record<string, string | string[] | undefined>, body: string): { id: string; timestamp: number } | undefined {
    const id = headers['webhook-id'];
    const timestamp = headers['webhook-timestamp'];
    const signatures = headers['webhook-signature'];
    if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return undefined;
    const seconds = Number(timestamp);
    if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > 300) return undefined;
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
    const match = signatures.split(' ').some((entry) => {
      const [version, value] = entry.split(',', 2);
      if (version !== 'v1' || !value) return false;
      const given = Buffer.from(value, 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return match ? { id, timestamp: seconds } : undefined;
  }

  const stub = await startJsonStub((request): StubAnswer | undefined => {
    const check = verified(request.headers, request.body);
    if (!check) {
      rejected += 1;
      return { status: 401, body: { error: 'bad signature' } };
    }
    if (mode === 'hang') return undefined;
    if (mode === 'fail') return { status: 500, raw: 'Internal Server Error' };
    if (mode === 'gone') return { status: 410, raw: 'Gone' };
    if (mode === 'rate-limit') return { status: 429, raw: 'Slow down', headers: { 'retry-after': '9' } };
    deliveries.push({ ...check, body: JSON.parse(request.body) as Record<string, unknown>, at: Date.now() });
    if (mode === 'swallow') return { status: 500, raw: 'Internal Server Error' };
    return { status: 204 };
  });

  return {
    url: `${stub.url}/hooks/leads`,
    deliveries,
    get rejected() {
      return rejected;
    },
    setMode(next: ReceiverMode) {
      mode = next;
    },
    reset() {
      mode = 'ok';
      deliveries.length = 0;
      rejected = 0;
    },
    close: stub.close,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
