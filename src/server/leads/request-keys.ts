import 'server-only';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadRequestKeys, leads } from '@/db/schema';
import { describeError, getLogger } from '../logger';

/** How long a send's key is kept: longer than any tab waits to retry a send that got no answer. */
export const REQUEST_KEY_DAYS = 7;
const HOUR = 3_600_000;

/** A browser's key: 16 to 100 letters, digits, `-` or `_` (ours are 22: 128 random bits in base64url). */
const KEY = /^[\w-]{16,100}$/;

/**
 * The send's idempotency key (`Idempotency-Key`), or none: a malformed one counts as none, so a
 * client that sends something odd still has its lead stored (only the repeat protection is lost).
 */
export function readRequestKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key')?.trim();
  return key && KEY.test(key) ? key : undefined;
}

/** The lead a key already made, if any. */
export async function leadOfKey(db: Db, key: string): Promise<{ id: string; number: number } | undefined> {
  const [found] = await db.select({ id: leads.id, number: leads.number }).from(leadRequestKeys).innerJoin(leads, eq(leads.id, leadRequestKeys.leadId)).where(eq(leadRequestKeys.key, key)).limit(1);
  return found;
}

/** Whether a statement failed on a key another send stored first (a unique violation). */
export function isKeyTaken(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown; constraint?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === '23505' && (cause.constraint === undefined || cause.constraint === 'lead_request_keys_pkey')) return true;
  }
  return false;
}

/** Drops the keys past their lifetime. */
export async function dropExpiredKeys(db: Db): Promise<void> {
  await db.delete(leadRequestKeys).where(lt(leadRequestKeys.createdAt, sql`now() - make_interval(days => ${REQUEST_KEY_DAYS})`));
}

let droppedAt = 0;

/** `dropExpiredKeys` at most once an hour per process, after a lead was stored; never waited for. */
export function forgetOldKeys(db: Db): void {
  if (Date.now() - droppedAt < HOUR) return;
  droppedAt = Date.now();
  dropExpiredKeys(db).catch((error: unknown) => getLogger().warn({ err: describeError(error) }, 'old lead request keys could not be dropped'));
}
