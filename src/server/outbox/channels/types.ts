import 'server-only';
import type { Db } from '@/db/client';

/** The outbox row being delivered: a channel that reads the lead when it sends (a CRM) needs these. */
export interface DeliveryContext {
  db: Db;
  outboxId: number;
  leadId: string | null;
}

/** How a send may wait: no longer than `maxWaitMs` for its turn (longer: ChannelHeld). */
interface SendLimits {
  maxWaitMs?: number;
}

/** What a channel may report of a delivery: where the record it made lives (a CRM's lead page). */
interface DeliveryReceipt {
  externalUrl?: string;
}

/** A way out for outbox messages. `send` throws DeliveryError (or anything) on failure. */
export interface Channel {
  name: string;
  send(payload: Record<string, unknown>, context?: DeliveryContext, limits?: SendLimits): Promise<void | DeliveryReceipt>;
}

/** The CRMs and the signed webhook: each lead becomes a record there (docs/decisions/024). */
export const CRM_CHANNELS = ['bitrix24', 'amocrm', 'webhook'] as const;
type CrmChannelName = (typeof CRM_CHANNELS)[number];
export type LeadChannelName = 'telegram' | 'email' | CrmChannelName;

/** The channels of other messages: a customer's e-mail goes by `email` too; `webhook-event` carries the site's events (an activation). */
type ChannelName = LeadChannelName | 'webhook-event';
export type Channels = Partial<Record<ChannelName, Channel>>;

/**
 * A send that did not deliver. `retryAfter` (seconds): the channel asks to wait (Telegram's 429).
 * `permanent`: never try again. `maybeSent`: it may have gone out all the same (a request that
 * timed out after it left): the next send goes alone, marked as a possible repeat.
 */
export class DeliveryError extends Error {
  readonly retryAfter?: number;
  readonly permanent: boolean;
  readonly maybeSent: boolean;
  constructor(message: string, options: { retryAfter?: number; permanent?: boolean; maybeSent?: boolean } = {}) {
    super(message);
    this.name = 'DeliveryError';
    this.retryAfter = options.retryAfter;
    this.permanent = options.permanent ?? false;
    this.maybeSent = options.maybeSent ?? false;
  }
}

/** Nothing was sent: the target is held (a 429's wait, a long pacing queue) until `until` (ms); the rows go back unclaimed. */
export class ChannelHeld extends Error {
  constructor(readonly until: number) {
    super(`held until ${new Date(until).toISOString()}`);
    this.name = 'ChannelHeld';
  }
}

/** Nothing was sent: the database, which paces the sends, does not answer; the drain stops. */
export class OutboxDatabaseDown extends Error {
  constructor(cause: unknown) {
    super('the database does not answer', { cause });
    this.name = 'OutboxDatabaseDown';
  }
}
