import 'server-only';
import { RemindInputSchema } from '@/lib/validation/auth';
import { getDb } from '@/server/database';
import { startReminder } from './remind';
import { findUserByEmail } from './users';
import { guardPost } from '../http/guard';
import { refusalResponse } from '../http/read-post';
import { jsonOk } from '../http/json-response';
import { consume } from '../http/rate-limit';
import { safely } from '../http/safely';
import { translate } from '../i18n';
import { siteOrigin } from '../http/request-origin';
import { deviceCookieOf, deviceKey, normalisedLogin, verifyDeviceCookie } from './login-throttle';

/**
 * The reminder budget (3 an hour) a request draws on: the e-mail's, shared by everyone, except for
 * a browser with the confirmed account's device cookie (set when it signed in or confirmed the
 * address), which has a budget of its own, so strangers who spend the e-mail's never hold the
 * owner back. Unconfirmed accounts have none: their reminders are only confirmation links.
 */
async function remindKey(request: Request, email: string): Promise<string> {
  const key = normalisedLogin(email);
  const cookie = deviceCookieOf('customer', request.headers.get('cookie'));
  if (!cookie) return key;
  const user = await findUserByEmail(await getDb(), email);
  if (!user?.emailConfirmedAt || !(await verifyDeviceCookie('customer', user.id, cookie))) return key;
  return `${key}|${deviceKey(cookie)}`;
}

/**
 * Password reminder: the same answer, in the same time, whether or not the e-mail has an account
 * (honeypot too): the reminder itself runs after the answer. The answer says a message went to the
 * address if it has an account: a password to a confirmed one, the confirmation link to another.
 */
export async function remindAction(request: Request) {
  const guarded = await guardPost(request, RemindInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  const success = () => jsonOk({ success: true }, { successStr: translate(locale, 'ApiSuccess', 'remindSent') });
  if (guarded.honeypot) return success();
  return safely(locale, async () => {
    const limit = await consume('remindEmail', await remindKey(request, guarded.data.email));
    if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
    startReminder(guarded.data.email, locale, siteOrigin(request.headers, request.url));
    return success();
  });
}
