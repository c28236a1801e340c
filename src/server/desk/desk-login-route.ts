import 'server-only';
import * as z from 'zod/mini';
import { requestAddress } from '../geo';
import { jsonOk } from '../http/json-response';
import { consume } from '../http/rate-limit';
import { readPost, refusalResponse } from '../http/read-post';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { addressKey } from '../http/address-key';
import { deviceCookieOf, deviceSetCookie } from '../auth/login-throttle';
import { deskPath, formLocale, withParam } from './desk-paths';
import { loginStaff } from './desk-login';
import { deskRefusal } from './desk-request';
import { requestMeta } from './security-log';
import { sessionCookie } from './session-cookie';

const DeskLoginSchema = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(254)),
  pw: z.string().check(z.minLength(1), z.maxLength(256)),
  enrol: z.optional(z.string().check(z.maxLength(64))),
});

/**
 * POST /api/desk/login: cross-site refused (403), 30 auth posts per address per 10 min, then the
 * throttled password check. Success sets the HttpOnly SameSite=Strict session cookie and goes to
 * the desk (or to the second-factor step); a form post gets a 303, a JSON call `{ result }`.
 */
export async function deskLogin(request: Request): Promise<Response> {
  const read = await readPost(request);
  if (!read.ok) return refusalResponse(read.locale, read.refusal);
  const locale = formLocale(read.body.locale, read.locale);
  const form = read.form;
  const loginPage = deskPath(locale, 'login');
  const address = requestAddress(request.headers);
  const perAddress = await consume('authIp', addressKey(address));
  if (!perAddress.ok) return withRetryAfter(deskRefusal(429, 'rateLimited', locale, form, loginPage), perAddress.retryAfter);
  const parsed = DeskLoginSchema.safeParse(read.body);
  if (!parsed.success) return deskRefusal(400, 'badCredentials', locale, form, loginPage);
  return safely(locale, async () => {
    const result = await loginStaff({
      email: parsed.data.email,
      password: parsed.data.pw,
      meta: requestMeta(request),
      deviceCookie: deviceCookieOf('desk', request.headers.get('cookie')),
      enrolToken: parsed.data.enrol || undefined,
    });
    if (!result.ok) {
      const throttled = result.reason === 'rateLimited' || result.reason === 'accountLocked';
      const back = parsed.data.enrol ? withParam(loginPage, 'enrol', parsed.data.enrol) : loginPage;
      const refused = deskRefusal(throttled ? 429 : 400, result.reason, locale, form, back);
      return 'retryAfter' in result ? withRetryAfter(refused, result.retryAfter) : refused;
    }
    const page = deskPath(locale, result.secondFactor ? 'second-factor' : '');
    // Let in past the ceiling for strangers: the owner is told, and the log has it.
    const next = result.lockedForOthers ? withParam(page, 'done', 'lockedForOthers') : page;
    const cookies = [sessionCookie(result.token)];
    // A browser that signed in fully is the owner's from now on (the second step gives it otherwise).
    if (!result.secondFactor) cookies.push(await deviceSetCookie('desk', result.staffId));
    if (form) return seeOther(next, cookies);
    const answer = jsonOk({ redirect: next, secondFactor: result.secondFactor });
    for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
    return answer;
  });
}

function withRetryAfter(response: Response, seconds: number): Response {
  response.headers.set('Retry-After', String(seconds));
  return response;
}
