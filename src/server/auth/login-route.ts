import 'server-only';
import { LoginInputSchema } from '@/lib/validation/auth';
import { getDb } from '@/server/database';
import { loginUser } from './login';
import { admitLoginAttempt, deviceCookieOf, deviceSetCookie, loginSucceeded } from './login-throttle';
import { accountRedirect } from './redirect';
import { findUserByEmail } from './users';
import { recordSecurityEvent, requestMeta } from '../desk/security-log';
import { guardPost } from '../http/guard';
import { refusalResponse } from '../http/read-post';
import { jsonError, jsonOk } from '../http/json-response';
import { safely } from '../http/safely';

/**
 * Login: `{ result: { token, redirect } }`. A wrong password and an unknown e-mail get the same
 * 400 (not 401: the client treats 401 as an expired session). Attempts are throttled as the desk's
 * (src/server/auth/login-throttle.ts): keyed by the account's id (else the normalised e-mail),
 * counted before the password is checked, 10 per account and address per 15 min; 100 an hour per
 * account from browsers it never signed in from, past which strangers wait and get 429 while a
 * browser with the account's device cookie (set at each successful login) still gets in.
 */
export async function customerLogin(request: Request) {
  const guarded = await guardPost(request, LoginInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  if (guarded.honeypot) return jsonError(400, locale, 'badCredentials');
  const { email, pw } = guarded.data;
  return safely(locale, async () => {
    const user = await findUserByEmail(await getDb(), email);
    const admission = await admitLoginAttempt({
      scope: 'customer',
      email,
      accountId: user?.id,
      address: guarded.address,
      deviceCookie: deviceCookieOf('customer', request.headers.get('cookie')),
      secondFactor: false,
    });
    if (!admission.ok) {
      if (admission.lockout && admission.firstRefusal) await recordSecurityEvent('customer.lockout', { ...requestMeta(request), detail: { userId: user?.id ?? 'unknown' } });
      return refusalResponse(locale, { status: 429, key: admission.lockout ? 'accountLocked' : 'rateLimited', retryAfter: admission.retryAfter });
    }
    const token = await loginUser(email, pw);
    if (!token || !user) return jsonError(400, locale, 'badCredentials');
    await loginSucceeded(admission.ticket);
    const answer = jsonOk({ token, redirect: accountRedirect(token, locale) });
    answer.headers.append('Set-Cookie', await deviceSetCookie('customer', user.id));
    return answer;
  });
}
