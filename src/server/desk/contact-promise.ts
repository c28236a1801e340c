import 'server-only';
import type { WorkingHours } from './working-hours';
import { workingMsBetween } from './working-hours';

/** The dialogs promise contact within 10 minutes («с Вами свяжутся в течение 10 минут»). */
export const CONTACT_PROMISE_MS = 10 * 60_000;

/** Leads that are contacts to answer (a registration is an account, not a request). */
export const isContactLead = (kind: string) => kind !== 'registration';

/**
 * Time to first contact in working hours: to the first status change away from `new`, or, while
 * it is still new, up to now (and then `waiting`).
 */
export function timeToContact(lead: { kind: string; createdAt: Date; firstContactAt: Date | null }, hours: WorkingHours, now = Date.now()) {
  const until = lead.firstContactAt ?? now;
  const ms = workingMsBetween(lead.createdAt, until, hours);
  const waiting = !lead.firstContactAt;
  return { ms, waiting, overdue: waiting && isContactLead(lead.kind) && ms > CONTACT_PROMISE_MS };
}

/** The moment a desk page is rendered: ages and waits are counted up to it. */
export const renderTime = () => Date.now();
