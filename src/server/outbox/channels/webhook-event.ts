import 'server-only';
import { postSigned, type SignedTarget } from './signed-post';
import { DeliveryError, type Channel } from './types';

/**
 * Events of the site other than leads, posted to WEBHOOK_URL signed as the leads are: payload
 * `{ id, type, timestamp, data }` as queued (`subscription.activated`, src/server/billing/activation.ts).
 * The body is `{ type, timestamp, data }`; `id` is the webhook-id, the same on every retry, and
 * `timestamp` says when the event happened, not when it was sent.
 */
export function webhookEventChannel(target: SignedTarget): Channel {
  return {
    name: 'webhook-event',
    async send(payload) {
      const { id, type, timestamp, data } = payload;
      if (typeof id !== 'string' || !id || typeof type !== 'string' || typeof timestamp !== 'string' || typeof data !== 'object' || data === null) {
        throw new DeliveryError('malformed webhook event', { permanent: true });
      }
      await postSigned(target, id, JSON.stringify({ type, timestamp, data }));
    },
  };
}
