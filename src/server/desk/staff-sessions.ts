import 'server-only';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { staff, staffSessions, type Staff } from '@/db/schema';
import { sessionTokens } from '../auth/session-tokens';
import { getEnv } from '../env';

/** A desk session ends after this long unused. */
export const STAFF_IDLE_HOURS = 12;

/** Staff's sessions: a cookie's token (43 characters), 12 hours unused. */
const tokens = sessionTokens({
  table: staffSessions,
  idle: () => sql`make_interval(hours => ${STAFF_IDLE_HOURS})`,
  shaped: (token) => /^[A-Za-z0-9_-]{43}$/.test(token),
});

export interface StaffSession {
  staff: Staff;
  sessionId: string;
  /** Password checked, second factor still owed. */
  secondFactorPending: boolean;
  /** When the member last gave their password or a code in this session (step-up). */
  authenticatedAt: Date;
}

/** A new 256-bit token for the account; only its SHA-256 is stored. The password (or a code) was just given. */
export function createStaffSession(staffId: string, secondFactorPending: boolean): Promise<string> {
  return tokens.mint({ staffId, secondFactorPending });
}

/** What a staff session adds to a token's: an enabled account, a session younger than DESK_SESSION_MAX_DAYS. */
const staffRules = () => and(isNull(staff.disabledAt), gt(staffSessions.createdAt, sql`now() - make_interval(days => ${getEnv().DESK_SESSION_MAX_DAYS})`));

/** The conditions of a live session: unrevoked, used within 12 hours, younger than DESK_SESSION_MAX_DAYS, of an enabled account. */
const live = () => and(tokens.live(), staffRules());

/** The session of a cookie's token, if it is live. Each use counts as the last one. */
export async function staffSessionForToken(token: string | undefined): Promise<StaffSession | undefined> {
  const row = await tokens.lookUp(token, async (db, match) => {
    const [found] = await db
      .select({ staff, sessionId: staffSessions.id, pending: staffSessions.secondFactorPending, authenticatedAt: staffSessions.authenticatedAt })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(and(match, staffRules()))
      .limit(1);
    return found;
  });
  if (!row) return undefined;
  return { staff: row.staff, sessionId: row.sessionId, secondFactorPending: row.pending, authenticatedAt: row.authenticatedAt };
}

/** Whether a session is still live, without counting as a use (the live stream's heartbeat: an open tab is not activity). */
export async function staffSessionIsLive(sessionId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), live()))
    .limit(1);
  return Boolean(row);
}

/**
 * The second factor was given: the session that owed it ends and a new token opens the desk
 * (a token seen before the second step, on a shared screen or in a log, opens nothing).
 */
export async function completeSecondFactor(sessionId: string, staffId: string): Promise<string> {
  const db = await getDb();
  await db.update(staffSessions).set({ revokedAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
  return createStaffSession(staffId, false);
}

/** The member proved who they are again (step-up): sensitive actions are open for a few minutes. */
export async function markAuthenticated(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(staffSessions).set({ authenticatedAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
}

/** Ends the account's other sessions (its password or second factor changed): this one stays. */
export async function revokeOtherSessions(staffId: string, keepSessionId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keepSessionId), isNull(staffSessions.revokedAt)));
}

/** Sign-out: the token stops working on the server, whatever the browser keeps. */
export const revokeStaffSession = (token: string) => tokens.revoke(token);
