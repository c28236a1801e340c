import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { staff, type Staff } from '@/db/schema';
import { randomPassword } from '../auth/passwords';
import { matchTotp, newTotpSecret } from './totp';

const RECOVERY_CODES = 10;
const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/**
 * Starts (or shows again) an enrolment: a secret and ten recovery codes, kept until a code from
 * the app turns the factor on. Until then the codes are stored as shown (like the secret, which
 * TOTP needs in clear anyway); turning it on replaces them by their hashes.
 */
export async function beginEnrolment(db: Db, member: Staff): Promise<{ secret: string; recoveryCodes: string[] }> {
  if (member.totpSecret && !member.totpEnabledAt && member.recoveryCodes?.length) return { secret: member.totpSecret, recoveryCodes: member.recoveryCodes };
  const secret = newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => randomPassword(10).toLowerCase());
  await db.update(staff).set({ totpSecret: secret, recoveryCodes, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` }).where(eq(staff.id, member.id));
  return { secret, recoveryCodes };
}

/** Spends a TOTP step: only one request can move `totp_last_step` past it. */
async function spendStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const spent = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return spent.length > 0;
}

/** Turns the factor on with a first code from the app. */
export async function enableTotp(db: Db, member: Staff, code: string): Promise<boolean> {
  if (!member.totpSecret || member.totpEnabledAt) return false;
  const step = matchTotp(member.totpSecret, code, member.totpLastStep);
  if (step === undefined || !(await spendStep(db, member.id, step))) return false;
  const hashes = (member.recoveryCodes ?? []).map(hashCode);
  await db.update(staff).set({ totpEnabledAt: sql`now()`, recoveryCodes: hashes, updatedAt: sql`now()` }).where(eq(staff.id, member.id));
  return true;
}

/** Checks a sign-in's second factor: a TOTP code (each step once) or an unused recovery code (then spent). */
export async function verifySecondFactor(db: Db, member: Staff, code: string): Promise<boolean> {
  if (!member.totpSecret || !member.totpEnabledAt) return false;
  const step = matchTotp(member.totpSecret, code, member.totpLastStep);
  if (step !== undefined) return spendStep(db, member.id, step);
  const hash = hashCode(code);
  if (!member.recoveryCodes?.includes(hash)) return false;
  const spent = await db
    .update(staff)
    .set({ recoveryCodes: sql`${staff.recoveryCodes} - ${hash}` })
    .where(and(eq(staff.id, member.id), sql`${staff.recoveryCodes} ? ${hash}`))
    .returning({ id: staff.id });
  return spent.length > 0;
}

/** Turns the factor off (a current code is asked for first). */
export async function disableTotp(db: Db, member: Staff): Promise<void> {
  await db.update(staff).set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null, totpLastStep: null, updatedAt: sql`now()` }).where(eq(staff.id, member.id));
}
