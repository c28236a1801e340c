import { startJsonStub, type StubAnswer } from './json-stub';
import { verifiedWebhook } from './standard-webhooks.mjs';

/** ok: 204. fail: 500. gone: 410 (takes no more). rate-limit: 429 with Retry-After. hang: never answers. swallow: keeps it, answers 500. */
export type ReceiverMode = 'ok' | 'fail' | 'gone' | 'rate-limit' | 'hang' | 'swallow';

/**
 * A webhook receiver on 127.0.0.1 that verifies the Standard Webhooks signature as a receiver
 * must (./standard-webhooks.mjs). A request that fails the check gets 401 and is counted in `rejected`.
 */
export async function startWebhookReceiver(secret: string) {
  let mode: ReceiverMode = 'ok';
  const deliveries: Array<{ id: string; timestamp: number; body: Record<string, unknown>; at: number }> = [];
  let rejected = 0;

  const stub = await startJsonStub((request): StubAnswer | undefined => {
    const check = verifiedWebhook(secret, request.headers, request.body);
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
