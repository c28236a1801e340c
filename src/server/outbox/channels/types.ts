import 'server-only';

/** A way out for outbox messages. `send` throws DeliveryError (or anything) on failure. */
export interface Channel {
  name: string;
  send(payload: Record<string, unknown>): Promise<void>;
}

type ChannelName = 'telegram' | 'email';
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
