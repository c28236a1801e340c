import 'server-only';
import { CONTACT_PROMISE_MS, isContactLead } from './contact-promise';
import type { WorkingHours } from './working-hours';
import { addWorkingMs, workingMsBetween } from './working-hours';

/** The reminders of a lead that waits: its owner and the chat at DESK_ESCALATE_MINUTES, the admins at the promise. */
export type WaitStep = 'escalate' | 'promise';

/**
 * A reminder this much (working time) after it fell due is not sent: the desk's list shows the
 * lead as overdue. It keeps the first start after a deployment, or after a long outage, from
 * sending one for every lead that waited unseen in the days before.
 */
const LATE_LIMIT_MS = 60 * 60_000;

/** A call back missed by more than this (a server down over it) reminds no more; the list still shows it. */
export const CALLBACK_LATE_LIMIT_MS = 24 * 3_600_000;

export interface WaitingLead {
  kind: string;
  createdAt: Date;
  status: string;
}

/** When (epoch ms) each step of a new lead falls due, counted in working hours; none for a registration or with reminders off. */
export function waitDueAt(lead: Pick<WaitingLead, 'kind' | 'createdAt'>, hours: WorkingHours, escalateMinutes: number): Partial<Record<WaitStep, number>> {
  if (!isContactLead(lead.kind) || !(escalateMinutes > 0)) return {};
  const escalate = addWorkingMs(lead.createdAt, escalateMinutes * 60_000, hours);
  const promise = addWorkingMs(lead.createdAt, CONTACT_PROMISE_MS, hours);
  return { ...(escalate !== undefined && escalateMinutes * 60_000 < CONTACT_PROMISE_MS ? { escalate } : {}), ...(promise !== undefined ? { promise } : {}) };
}

/**
 * The reminder a lead is due for now, if any: still `new`, a contact request, waited the step's
 * working minutes and not yet the next step's (a lead found past the promise gets the admins'
 * reminder only), and not more than LATE_LIMIT_MS past it. `waitedMs`: its working wait now.
 */
export function dueWaitStep(lead: WaitingLead, now: number, hours: WorkingHours, escalateMinutes: number): { step: WaitStep; waitedMs: number } | undefined {
  if (lead.status !== 'new' || !isContactLead(lead.kind) || !(escalateMinutes > 0)) return undefined;
  const waitedMs = workingMsBetween(lead.createdAt, now, hours);
  const escalateMs = escalateMinutes * 60_000;
  if (waitedMs >= CONTACT_PROMISE_MS) return waitedMs < CONTACT_PROMISE_MS + LATE_LIMIT_MS ? { step: 'promise', waitedMs } : undefined;
  if (waitedMs >= escalateMs && waitedMs < escalateMs + LATE_LIMIT_MS) return { step: 'escalate', waitedMs };
  return undefined;
}

/** Whole minutes left of the 10-minute promise after a working wait (0 when it is broken). */
export const minutesLeft = (waitedMs: number) => Math.max(0, Math.ceil((CONTACT_PROMISE_MS - waitedMs) / 60_000));

/** Whether a call back set for `callbackAt` is due now (and not missed by more than a day). */
export const callbackDue = (callbackAt: Date | null, now: number) =>
  callbackAt !== null && callbackAt.getTime() <= now && now - callbackAt.getTime() < CALLBACK_LATE_LIMIT_MS;
