import 'server-only';
import type { Guarded } from '../http/guard';
import { describeError, getLogger } from '../logger';
import { withRefererAttribution } from './attribution';
import { createLead } from './create-lead';
import { readRequestKey } from './request-keys';

/** How a lead that passed the guard ended: kept (and queued), dropped (honeypot), or not kept (database down). */
export type LeadOutcome = 'stored' | 'dropped' | 'unavailable';

/** Which lead a form post is: its kind, language and the form the visitor consented in. */
export interface LeadOf<T> {
  kind: (data: T) => string;
  lang: (data: T, locale: string) => string;
  consentForm: string;
}

/**
 * The one path that keeps a lead, for the JSON endpoints and the order form post alike: a filled
 * honeypot is dropped quietly (the sender sees success), anything else is stored with its consent
 * record and outbox messages in one transaction, once per send (a retry with the send's
 * `Idempotency-Key` finds the lead the first made); a database that cannot take it is logged and
 * told to the caller.
 */
export async function storeLead<T extends Record<string, unknown>>(request: Request, guarded: Extract<Guarded<T>, { ok: true }>, of: LeadOf<T>): Promise<LeadOutcome> {
  if (guarded.honeypot) {
    // No address: the log holds no personal data (docs/decisions/021).
    getLogger().info('honeypot filled: lead dropped');
    return 'dropped';
  }
  try {
    const data = withRefererAttribution(guarded.data, request);
    const stored = await createLead({
      kind: of.kind(data),
      lang: of.lang(data, guarded.locale),
      data,
      consentForm: of.consentForm,
      clientAddress: guarded.address,
      userAgent: request.headers.get('user-agent') ?? undefined,
      requestKey: readRequestKey(request),
    });
    // A repeat of a stored send (its `Idempotency-Key`) is answered as the first was.
    if (stored.repeated) getLogger().info({ leadId: stored.id, number: stored.number }, 'lead send repeated: answered with the stored lead');
    return 'stored';
  } catch (error) {
    getLogger().error({ err: describeError(error) }, 'lead could not be stored');
    return 'unavailable';
  }
}
