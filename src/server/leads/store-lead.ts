import 'server-only';
import type { Guarded } from '../http/guard';
import { describeError, getLogger } from '../logger';
import { createLead } from './create-lead';
import type { LeadSummary } from './format-lead';

/** How a lead that passed the guard ended: kept (and queued), dropped (honeypot), or not kept (database down). */
export type LeadOutcome = 'stored' | 'dropped' | 'unavailable';

/**
 * The one path that keeps a lead, for the JSON endpoints and the order form post alike: a filled
 * honeypot is dropped quietly (the sender sees success), anything else is stored with its outbox
 * messages in one transaction; a database that cannot take it is logged and told to the caller.
 */
export async function storeLead<T>(
  request: Request,
  guarded: Extract<Guarded<T>, { ok: true }>,
  summarize: (input: T, lang: string) => LeadSummary,
): Promise<LeadOutcome> {
  if (guarded.honeypot) {
    // No address: the log holds no personal data (docs/decisions/021).
    getLogger().info('honeypot filled: lead dropped');
    return 'dropped';
  }
  try {
    await createLead({
      summary: summarize(guarded.data, guarded.locale),
      payload: guarded.data as Record<string, unknown>,
      clientAddress: guarded.address,
      userAgent: request.headers.get('user-agent') ?? undefined,
    });
    return 'stored';
  } catch (error) {
    getLogger().error({ err: describeError(error) }, 'lead could not be stored');
    return 'unavailable';
  }
}
