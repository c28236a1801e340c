import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { staff, type Staff } from '@/db/schema';
import { seal, unseal } from '../secret-key';
import { sameSecret } from '@/site/same-secret.mjs';

/** How long an enrolment link an admin issued stays usable. */
const ENROLMENT_LINK_HOURS = 72;

/**
 * Under DESK_REQUIRE_2FA an account without a second factor enrols only through a one-time link an
 * admin issued (`/{locale}/desk/login?enrol=<token>`), so a password alone never binds a new
 * authenticator. The token is kept sealed (the admin's page shows it until it is used or expires).
 */
export async function issueEnrolmentLink(db: Db, staffId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .update(staff)
    .set({ enrolmentToken: await seal('enrolment-link', token), enrolmentExpiresAt: sql`now() + make_interval(hours => ${ENROLMENT_LINK_HOURS})`, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
  return token;
}

/** The member's outstanding link token, if one is unused and unexpired. */
export async function outstandingEnrolmentToken(member: Staff): Promise<string | undefined> {
  if (!member.enrolmentToken || !member.enrolmentExpiresAt || member.enrolmentExpiresAt.getTime() <= Date.now()) return undefined;
  return unseal('enrolment-link', member.enrolmentToken).catch(() => undefined);
}

/** Spends the link: true once for the right token of this member (only one request can clear it). */
export async function spendEnrolmentLink(db: Db, member: Staff, given: string | undefined): Promise<boolean> {
  const expected = await outstandingEnrolmentToken(member);
  if (!expected || !given || !sameSecret(given, expected)) return false;
  const spent = await db
    .update(staff)
    .set({ enrolmentToken: null, enrolmentExpiresAt: null })
    .where(and(eq(staff.id, member.id), eq(staff.enrolmentToken, member.enrolmentToken!), gt(staff.enrolmentExpiresAt, sql`now()`)))
    .returning({ id: staff.id });
  return spent.length > 0;
}

/** No enabled admin has a second factor yet: the first one (from DESK_ADMIN_*) enrols at its first sign-in, or nobody could issue links. */
export async function bootstrapEnrolmentAllowed(db: Db, member: Staff): Promise<boolean> {
  if (member.role !== 'admin') return false;
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt), isNotNull(staff.totpEnabledAt)))
    .limit(1);
  return !row;
}
