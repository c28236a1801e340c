import 'server-only';
import { desc } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { securityEvents, type SecurityEvent } from '@/db/schema';
import { getDb } from '@/server/database';
import { clientAddress } from '@/site/client-ip.mjs';
import { getEnv } from '../env';
import { describeError, getLogger } from '../logger';

/** Every event the security log knows (the desk shows them by these names, translated). */
const SECURITY_EVENTS = [
  'login.failed',
  'login.throttled',
  'login.lockout',
  'login.device',
  'customer.lockout',
  'secondFactor.failed',
  'secondFactor.enrolled',
  'secondFactor.disabled',
  'secondFactor.enrolmentLink',
  'stepUp.failed',
  'staff.created',
  'staff.disabled',
  'staff.enabled',
  'staff.renamed',
  'password.reset',
  'password.changed',
  'export.full',
  'lead.erased',
  'lead.taken',
  'lead.handedOver',
  'duty.changed',
  'invoice.marked_paid',
  'invoice.cancelled',
  'payment.assigned',
  'payment.ignored',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** Where a request came from, for the log: client address (TRUST_PROXY) and the request id when a proxy sent one. */
export interface RequestMeta {
  address?: string;
  requestId?: string;
}

export function requestMeta(request: Request): RequestMeta {
  const id = request.headers.get('x-request-id');
  // The same address as the rate limits see (TRUST_PROXY), without loading the GeoIP table (the command line records events too).
  return { address: clientAddress(request.headers.get('x-forwarded-for'), getEnv().TRUST_PROXY), requestId: id && /^[A-Za-z0-9._:-]{1,100}$/.test(id) ? id : undefined };
}

export interface SecurityEventFields extends RequestMeta {
  staffId?: string;
  subjectId?: string;
  detail?: Record<string, string | number | boolean>;
}

const globalForCounts = globalThis as typeof globalThis & { __securityEventCounts?: Record<SecurityEventName, number> };

/** How many of each event this process recorded since it started (for the metrics endpoint to read). */
export function securityEventCounts(): Readonly<Record<SecurityEventName, number>> {
  globalForCounts.__securityEventCounts ??= Object.fromEntries(SECURITY_EVENTS.map((name) => [name, 0])) as Record<SecurityEventName, number>;
  return globalForCounts.__securityEventCounts;
}

/** Under the tests: no event counted yet, as in a fresh process. */
export function resetSecurityEventCountsForTests(): void {
  globalForCounts.__securityEventCounts = undefined;
}

/**
 * Records one security event: a JSON log line (warn for refusals, info otherwise), a row in
 * `security_events`, and the process's counter. A failed insert is logged and never fails the
 * request that caused it.
 */
export async function recordSecurityEvent(event: SecurityEventName, fields: SecurityEventFields = {}, db?: Db): Promise<void> {
  const counts = securityEventCounts() as Record<SecurityEventName, number>;
  counts[event] += 1;
  const { staffId, subjectId, address, requestId, detail } = fields;
  const refusal = /failed|throttled|lockout/.test(event);
  getLogger()[refusal ? 'warn' : 'info']({ securityEvent: event, staffId, subjectId, address, requestId, ...detail }, `security: ${event}`);
  try {
    await (db ?? (await getDb())).insert(securityEvents).values({ event, staffId, subjectId, address, requestId, detail });
  } catch (error) {
    getLogger().error({ err: describeError(error), securityEvent: event }, 'security log: row not written');
  }
}

/** The newest events first, for the admins' page. */
export async function recentSecurityEvents(db: Db, limit = 100): Promise<SecurityEvent[]> {
  return db.select().from(securityEvents).orderBy(desc(securityEvents.createdAt), desc(securityEvents.id)).limit(limit);
}
