import 'server-only';
import { getDb } from '@/server/database';
import { admitLoginAttempt, loginSucceeded } from '../auth/login-throttle';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { getEnv } from '../env';
import { bootstrapEnrolmentAllowed, spendEnrolmentLink } from './enrolment-link';
import { recordSecurityEvent, type RequestMeta } from './security-log';
import { findStaffByEmail } from './staff';
import { createStaffSession } from './staff-sessions';

export type DeskLoginResult =
  | { ok: true; token: string; staffId: string; secondFactor: boolean; lockedForOthers: boolean }
  | { ok: false; reason: 'badCredentials' | 'enrolmentLinkNeeded' }
  | { ok: false; reason: 'rateLimited' | 'accountLocked'; retryAfter: number };

export interface DeskLoginInput {
  email: string;
  password: string;
  meta: RequestMeta;
  /** The browser's `desk_device` cookie. */
  deviceCookie?: string;
  /** An enrolment link's token (DESK_REQUIRE_2FA, no second factor yet). */
  enrolToken?: string;
}

/**
 * A staff sign-in, throttled by src/server/auth/login-throttle.ts (keyed by the account's id;
 * strangers past the account's ceiling are slowed down and refused while the account's own
 * browsers and its second factor still get in). Unknown e-mails and disabled accounts cost a hash
 * too and get the same answer as a wrong password. With a second factor enrolled or required, the
 * session owes it before it opens the desk; under DESK_REQUIRE_2FA an account without one needs an
 * admin's enrolment link (except the first admin, while no admin has one).
 */
export async function loginStaff(input: DeskLoginInput): Promise<DeskLoginResult> {
  const db = await getDb();
  const member = await findStaffByEmail(db, input.email);
  const admission = await admitLoginAttempt({
    scope: 'desk',
    email: input.email,
    accountId: member?.id,
    address: input.meta.address,
    deviceCookie: input.deviceCookie,
    secondFactor: Boolean(member?.totpEnabledAt && !member.disabledAt),
  });
  if (!admission.ok) {
    if (admission.firstRefusal) {
      await recordSecurityEvent(admission.lockout ? 'login.lockout' : 'login.throttled', { staffId: member?.id, ...input.meta }, db);
    }
    return { ok: false, reason: admission.lockout ? 'accountLocked' : 'rateLimited', retryAfter: admission.retryAfter };
  }
  const { ticket } = admission;
  if (ticket.crossedCeiling) await recordSecurityEvent('login.lockout', { staffId: member?.id, ...input.meta, detail: { secondFactor: true } }, db);
  const matches = await verifyPassword(input.password, member?.passwordHash ?? (await dummyPasswordHash()));
  if (!member || !matches || member.disabledAt) {
    await recordSecurityEvent('login.failed', { staffId: member?.id, ...input.meta, detail: { knownAccount: Boolean(member), overCeiling: ticket.overCeiling } }, db);
    return { ok: false, reason: 'badCredentials' };
  }
  await loginSucceeded(ticket);
  const required = getEnv().DESK_REQUIRE_2FA;
  if (required && !member.totpEnabledAt && !(await spendEnrolmentLink(db, member, input.enrolToken)) && !(await bootstrapEnrolmentAllowed(db, member))) {
    return { ok: false, reason: 'enrolmentLinkNeeded' };
  }
  if (ticket.overCeiling) {
    await recordSecurityEvent('login.device', { staffId: member.id, ...input.meta, detail: { trustedDevice: ticket.trustedDevice, secondFactor: Boolean(member.totpEnabledAt) } }, db);
  }
  const secondFactor = Boolean(member.totpEnabledAt) || required;
  return { ok: true, token: await createStaffSession(member.id, secondFactor), staffId: member.id, secondFactor, lockedForOthers: ticket.overCeiling };
}
