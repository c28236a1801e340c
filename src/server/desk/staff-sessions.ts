import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { staff, staffSessions, type Staff } from '@/db/schema';

/** A desk session ends after this long unused. */
export const STAFF_IDLE_HOURS = 12;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StaffSession {
  staff: Staff;
  sessionId: string;
  /** Password checked, second factor still owed. */
  secondFactorPending: boolean;
}

/** A new 256-bit token for the account; only its SHA-256 is stored. */
export async function createStaffSession(staffId: string, secondFactorPending: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(staffSessions).values({ staffId, tokenHash: hashToken(token), secondFactorPending });
  return token;
}

/**
 * The session of a cookie's token: unrevoked, used within the last 12 hours, of an enabled account.
 * Each use counts as the last one.
 */
export async function staffSessionForToken(token: string | undefined): Promise<StaffSession | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ staff, sessionId: staffSessions.id, pending: staffSessions.secondFactorPending })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        isNull(staff.disabledAt),
        gt(staffSessions.lastUsedAt, sql`now() - make_interval(hours => ${STAFF_IDLE_HOURS})`),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  await db.update(staffSessions).set({ lastUsedAt: sql`now()` }).where(eq(staffSessions.id, row.sessionId));
  return { staff: row.staff, sessionId: row.sessionId, secondFactorPending: row.pending };
}

/** The second factor was given: the session opens the desk. */
export async function completeSecondFactor(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ secondFactorPending: false }).where(eq(staffSessions.id, sessionId));
}

/** Sign-out: the token stops working on the server, whatever the browser keeps. */
export async function revokeStaffSession(token: string): Promise<void> {
  const db = await getDb();
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)));
}
