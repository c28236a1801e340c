import 'server-only';
import type { Db } from '@/db/client';

/** The outbox row being delivered: a channel that reads the lead when it sends (a CRM) needs these. */
export interface DeliveryContext {
  db: Db;
  outboxId: number;
  leadId: string | null;
}

/** What a channel may report of a delivery: where the record it made lives (a CRM's lead page). */
interface DeliveryReceipt {
  externalUrl?: string;
}

/** A way out for outbox messages. `send` throws DeliveryError (or anything) on failure. */
export interface Channel {
  name: string;
  send(payload: Record<string, unknown>, context?: DeliveryContext): Promise<void | DeliveryReceipt>;
}

/** The CRMs and the signed webhook: each lead becomes a record there (docs/decisions/024). */
export const CRM_CHANNELS = ['bitrix24', 'amocrm', 'webhook'] as const;
type CrmChannelName = (typeof CRM_CHANNELS)[number];
export type LeadChannelName = 'telegram' | 'email' | CrmChannelName;

/** The channels of other messages: a customer's e-mail goes by `email` too; `webhook-event` carries the site's events (an activation). */
type ChannelName = LeadChannelName | 'webhook-event';
export type Channels = Partial<Record<ChannelName, Channel>>;

export class DeliveryError extends Error {
  readonly retryAfter?: number;
  readonly permanent: boolean;
  constructor(message: string, options: { retryAfter?: number; permanent?: boolean } = {}) {
    super(message);
    this.name = 'DeliveryError';
    this.retryAfter = options.retryAfter;
    this.permanent = options.permanent ?? false;
  }
}
