import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, not, or, sql, like } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { staff, type Staff } from '@/db/schema';
import { randomPassword } from '../auth/passwords';
import { getLogger } from '../logger';
import { isSealed, seal, unseal } from '../secret-key';
import { matchTotp, newTotpSecret } from './totp';

const RECOVERY_CODES = 10;
const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** The member's TOTP secret in clear (it is stored sealed with DESK_SECRET_KEY, AES-256-GCM). */
async function totpSecretOf(member: Staff): Promise<string | undefined> {
  return member.totpSecret ? unseal('totp-secret', member.totpSecret) : undefined;
}

/**
 * Starts an enrolment when the member chooses to (or shows again the one under way): a secret,
 * stored sealed, until a code from the app turns the factor on. Recovery codes come only then
 * (enableTotp), shown once.
 */
export async function beginEnrolment(db: Db, member: Staff): Promise<{ secret: string }> {
  const started = await enrolmentUnderWay(member);
  if (started) return started;
  const secret = newTotpSecret();
  await db
    .update(staff)
    .set({ totpSecret: await seal('totp-secret', secret), recoveryCodes: null, recoveryCodesToShow: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(staff.id, member.id));
  return { secret };
}

/** The enrolment the member started and has not finished, if any (nothing is created). */
export async function enrolmentUnderWay(member: Staff): Promise<{ secret: string } | undefined> {
  if (!member.totpSecret || member.totpEnabledAt) return undefined;
  return { secret: (await totpSecretOf(member))! };
}

/**
 * The recovery codes of a factor just turned on, once: the first page that asks takes them (the
 * column is cleared in the same statement, so a second look finds none).
 */
export async function takeRecoveryCodesToShow(db: Db, member: Staff): Promise<string[] | undefined> {
  if (!member.recoveryCodesToShow) return undefined;
  const [row] = await db
    .update(staff)
    .set({ recoveryCodesToShow: null })
    .where(and(eq(staff.id, member.id), eq(staff.recoveryCodesToShow, member.recoveryCodesToShow)))
    .returning({ id: staff.id });
  if (!row) return undefined;
  return JSON.parse(await unseal('recovery-codes', member.recoveryCodesToShow)) as string[];
}

/**
 * At start: seals the TOTP secrets stored in clear before the security round (and any written by
 * an older instance during a rolling update), so they stay usable and are no longer readable from
 * a copy of the database alone. Returns how many were sealed.
 */
export async function sealStoredTotpSecrets(db: Db): Promise<number> {
  const plain = await db
    .select({ id: staff.id, secret: staff.totpSecret })
    .from(staff)
    .where(and(isNotNull(staff.totpSecret), not(like(staff.totpSecret, 'enc:%'))));
  for (const row of plain) {
    if (!row.secret || isSealed(row.secret)) continue;
    await db
      .update(staff)
      .set({ totpSecret: await seal('totp-secret', row.secret) })
      .where(and(eq(staff.id, row.id), eq(staff.totpSecret, row.secret)));
  }
  if (plain.length) getLogger().info({ count: plain.length }, 'sales desk: TOTP secrets sealed with the server key');
  return plain.length;
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

/**
 * Turns the factor on with a first code from the app, and makes the ten recovery codes: their
 * hashes are kept, the codes themselves (sealed) only until a page has shown them once
 * (takeRecoveryCodesToShow). False for a wrong code.
 */
export async function enableTotp(db: Db, member: Staff, code: string): Promise<boolean> {
  const secret = await totpSecretOf(member);
  if (!secret || member.totpEnabledAt) return false;
  const step = matchTotp(secret, code, member.totpLastStep);
  if (step === undefined || !(await spendStep(db, member.id, step))) return false;
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => randomPassword(10).toLowerCase());
  await db
    .update(staff)
    .set({ totpEnabledAt: sql`now()`, recoveryCodes: recoveryCodes.map(hashCode), recoveryCodesToShow: await seal('recovery-codes', JSON.stringify(recoveryCodes)), updatedAt: sql`now()` })
    .where(eq(staff.id, member.id));
  return true;
}

/** Checks a sign-in's second factor: a TOTP code (each step once) or an unused recovery code (then spent). */
export async function verifySecondFactor(db: Db, member: Staff, code: string): Promise<boolean> {
  const secret = await totpSecretOf(member);
  if (!secret || !member.totpEnabledAt) return false;
  const step = matchTotp(secret, code, member.totpLastStep);
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
  await db.update(staff).set({ totpSecret: null, totpEnabledAt: null, recoveryCodes: null, recoveryCodesToShow: null, totpLastStep: null, updatedAt: sql`now()` }).where(eq(staff.id, member.id));
}
