import 'server-only';
import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { getEnv } from '../env';
import { addressKey } from '../http/address-key';
import { check, consume, LIMITS, refund, reset } from '../http/rate-limit';
import { purposeKey } from '../secret-key';
import { readCookie } from '@/lib/cookies.mjs';
import { sameSecret } from '@/site/same-secret.mjs';

/**
 * Login throttling for both doors, the desk's and the customers' (docs/decisions/022):
 *
 * - Attempts are keyed by the account's id once the e-mail names one, else by one normalised form
 *   of the e-mail (NFKC, case folded), so no spelling of an address (`lİmİt` for `limit`) gets a
 *   budget of its own.
 * - Per account and address: 10 per 15 minutes, counted before the password is checked.
 * - Per account from anywhere: 100 an hour, counted only for browsers the account has not signed in
 *   from before. Past that ceiling a stranger is slowed down (a second's wait, then 429) instead of
 *   the owner being locked out: a browser with the account's signed device cookie (given at each
 *   successful sign-in, 180 days) has a budget of its own (10 per 15 minutes per cookie), and an
 *   account with a second factor still reaches its second step, which the password alone does not
 *   pass. Only password-only accounts from a new browser wait for the hour to pass.
 */
export type LoginScope = 'desk' | 'customer';

/** How long a refused stranger past the ceiling waits for the answer. */
const TARPIT_MS = 1000;
const DEVICE_DAYS = 180;

/** One normalised form of an e-mail for keys: NFKC, case folded (ß and ẞ to ss; İ and ı to i, as PostgreSQL's lower() finds them). */
export function normalisedLogin(email: string): string {
  return email
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(/i\u0307/g, 'i')
    .normalize('NFKC');
}

export interface LoginAttempt {
  scope: LoginScope;
  email: string;
  /** The account the e-mail names, when there is one. */
  accountId?: string;
  address?: string;
  /** The device cookie the browser sent (its value). */
  deviceCookie?: string;
  /** The account has a second factor that stands after the password. */
  secondFactor: boolean;
}

export interface LoginTicket {
  accountKey: string;
  pairKey: string;
  /** The attempt took a point of the account's ceiling (a success gives it back). */
  countedAccount: boolean;
  /** The browser carries this account's device cookie. */
  trustedDevice: boolean;
  /** The account is past its ceiling for strangers. */
  overCeiling: boolean;
  /** This attempt crossed the ceiling (say so once in the security log). */
  crossedCeiling?: boolean;
}

export type LoginAdmission =
  | { ok: true; ticket: LoginTicket }
  /** `lockout`: refused for being past the account's ceiling (else its address's or device's budget); `firstRefusal`: this attempt crossed the limit. */
  | { ok: false; retryAfter: number; lockout: boolean; firstRefusal: boolean };

/** The key of an account's limits: its id once found, else the normalised e-mail. */
export const accountLimitKey = (scope: LoginScope, accountId: string | undefined, email: string) =>
  `${scope}:${accountId ? `id:${accountId}` : `email:${normalisedLogin(email)}`}`;

/** Counts one attempt before the password is checked, and says whether it may be checked at all. */
export async function admitLoginAttempt(attempt: LoginAttempt): Promise<LoginAdmission> {
  const accountKey = accountLimitKey(attempt.scope, attempt.accountId, attempt.email);
  const trustedDevice = Boolean(attempt.accountId && (await verifyDeviceCookie(attempt.scope, attempt.accountId, attempt.deviceCookie)));
  if (trustedDevice) {
    const pairKey = `${accountKey}|${deviceKey(attempt.deviceCookie!)}`;
    const perDevice = await consume('loginPair', pairKey);
    if (!perDevice.ok) return { ok: false, retryAfter: perDevice.retryAfter, lockout: false, firstRefusal: perDevice.consumed === LIMITS.loginPair.points + 1 };
    const overCeiling = !(await check('loginAccount', accountKey)).ok;
    return { ok: true, ticket: { accountKey, pairKey, countedAccount: false, trustedDevice, overCeiling } };
  }
  const pairKey = `${accountKey}|${addressKey(attempt.address)}`;
  const perPair = await consume('loginPair', pairKey);
  if (!perPair.ok) return { ok: false, retryAfter: perPair.retryAfter, lockout: false, firstRefusal: perPair.consumed === LIMITS.loginPair.points + 1 };
  const perAccount = await consume('loginAccount', accountKey);
  if (perAccount.ok) return { ok: true, ticket: { accountKey, pairKey, countedAccount: true, trustedDevice, overCeiling: false } };
  const firstRefusal = perAccount.consumed === LIMITS.loginAccount.points + 1;
  await sleep(TARPIT_MS);
  if (attempt.secondFactor) return { ok: true, ticket: { accountKey, pairKey, countedAccount: false, trustedDevice, overCeiling: true, crossedCeiling: firstRefusal } };
  return { ok: false, retryAfter: perAccount.retryAfter, lockout: true, firstRefusal };
}

/** The password was right: its address's (or device's) failures are forgotten and its own point given back. */
export async function loginSucceeded(ticket: LoginTicket): Promise<void> {
  await Promise.all([reset('loginPair', ticket.pairKey), ticket.countedAccount ? refund('loginAccount', ticket.accountKey) : Promise.resolve()]);
}

const deviceMac = async (scope: LoginScope, accountId: string, issued: string) =>
  createHmac('sha256', await purposeKey('device-cookie')).update(`${scope}|${accountId}|${issued}`).digest('base64url');

/** A device cookie's value for this account: `v1.<issued, base36 seconds>.<HMAC-SHA256>`. */
async function deviceCookieValue(scope: LoginScope, accountId: string, now = Date.now()): Promise<string> {
  const issued = Math.floor(now / 1000).toString(36);
  return `v1.${issued}.${await deviceMac(scope, accountId, issued)}`;
}

/** A device cookie as a rate-limit key: its own budget, not the cookie itself. */
export const deviceKey = (value: string) => `device:${createHash('sha256').update(value).digest('hex').slice(0, 32)}`;

/** Whether the value is this account's device cookie, signed by this server and under 180 days old. */
export async function verifyDeviceCookie(scope: LoginScope, accountId: string, value: string | undefined, now = Date.now()): Promise<boolean> {
  const match = value ? /^v1\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return false;
  const issuedMs = parseInt(match[1]!, 36) * 1000;
  if (!(issuedMs <= now + 60_000 && now - issuedMs < DEVICE_DAYS * 86_400_000)) return false;
  return sameSecret(match[2]!, await deviceMac(scope, accountId, match[1]!));
}

const secureSite = () => Boolean(getEnv().NEXT_PUBLIC_SITE_URL?.startsWith('https:'));

/** `desk_device` / `login_device`, with the `__Host-` prefix over HTTPS. */
const deviceCookieName = (scope: LoginScope) => `${secureSite() ? '__Host-' : ''}${scope === 'desk' ? 'desk' : 'login'}_device`;

/** The device cookie a request carries for the scope. */
export function deviceCookieOf(scope: LoginScope, cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, deviceCookieName(scope));
}

/** Set-Cookie for a browser that just signed in to the account: HttpOnly, SameSite=Strict, 180 days. */
export async function deviceSetCookie(scope: LoginScope, accountId: string): Promise<string> {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${DEVICE_DAYS * 86_400}`, ...(secureSite() ? ['Secure'] : [])];
  return `${deviceCookieName(scope)}=${await deviceCookieValue(scope, accountId)}; ${attributes.join('; ')}`;
}
