import 'server-only';
import { getDb } from '@/server/database';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { getEnv } from '../env';
import { addressKey } from '../http/address-key';
import { consume, refund, reset } from '../http/rate-limit';
import { findStaffByEmail } from './staff';
import { createStaffSession } from './staff-sessions';

export type DeskLoginResult =
  | { ok: true; token: string; secondFactor: boolean }
  | { ok: false; reason: 'badCredentials' }
  | { ok: false; reason: 'rateLimited'; retryAfter: number };

/**
 * A staff sign-in, throttled as the public login is (attempts counted before the password is
 * checked: per account and address, and a larger ceiling per account), under keys of its own.
 * Unknown e-mails and disabled accounts cost a hash too and get the same answer as a wrong
 * password. With a second factor enrolled or required, the session owes it before it opens the desk.
 */
export async function loginStaff(email: string, password: string, address: string | undefined): Promise<DeskLoginResult> {
  const account = `desk:${email.trim().toLowerCase()}`;
  const pair = `${account}|${addressKey(address)}`;
  const [perPair, perAccount] = await Promise.all([consume('loginPair', pair), consume('loginAccount', account)]);
  if (!perPair.ok || !perAccount.ok) {
    if (perPair.ok) await refund('loginPair', pair);
    if (perAccount.ok) await refund('loginAccount', account);
    return { ok: false, reason: 'rateLimited', retryAfter: Math.max(perPair.ok ? 0 : perPair.retryAfter, perAccount.ok ? 0 : perAccount.retryAfter) };
  }
  const db = await getDb();
  const member = await findStaffByEmail(db, email);
  const matches = await verifyPassword(password, member?.passwordHash ?? (await dummyPasswordHash()));
  if (!member || !matches || member.disabledAt) return { ok: false, reason: 'badCredentials' };
  await Promise.all([reset('loginPair', pair), refund('loginAccount', account)]);
  const secondFactor = Boolean(member.totpEnabledAt) || getEnv().DESK_REQUIRE_2FA;
  return { ok: true, token: await createStaffSession(member.id, secondFactor), secondFactor };
}
