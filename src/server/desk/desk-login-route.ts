import 'server-only';
import * as z from 'zod/mini';
import { requestAddress } from '../geo';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { consume } from '../http/rate-limit';
import { readBody } from '../http/read-body';
import { safely } from '../http/safely';
import { isCrossOrigin } from '../http/same-origin';
import { addressKey } from '../http/address-key';
import { deskPath, formLocale } from './desk-paths';
import { loginStaff } from './desk-login';
import { deskRefusal, redirectTo } from './desk-request';
import { sessionCookie } from './session-cookie';

const DeskLoginSchema = z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)), pw: z.string().check(z.minLength(1), z.maxLength(256)) });

/**
 * POST /api/desk/login: cross-site refused (403), 30 auth posts per address per 10 min, then the
 * throttled password check. Success sets the HttpOnly SameSite=Strict session cookie and goes to
 * the desk (or to the second-factor step); a form post gets a 303, a JSON call `{ result }`.
 */
export async function deskLogin(request: Request): Promise<Response> {
  const headerLocale = requestLocale(request);
  if (isCrossOrigin(request)) return jsonError(403, headerLocale, 'crossOrigin');
  const read = await readBody(request);
  if (!read.ok) return jsonError(read.reason === 'tooLarge' ? 413 : 400, headerLocale, read.reason);
  const locale = formLocale(read.body.locale, headerLocale);
  const form = read.form;
  const loginPage = deskPath(locale, 'login');
  const address = requestAddress(request.headers);
  const perAddress = await consume('authIp', addressKey(address));
  if (!perAddress.ok) return withRetryAfter(deskRefusal(429, 'rateLimited', locale, form, loginPage), perAddress.retryAfter);
  const parsed = DeskLoginSchema.safeParse(read.body);
  if (!parsed.success) return deskRefusal(400, 'badCredentials', locale, form, loginPage);
  return safely(locale, async () => {
    const result = await loginStaff(parsed.data.email, parsed.data.pw, address);
    if (!result.ok) {
      const refused = deskRefusal(result.reason === 'rateLimited' ? 429 : 400, result.reason, locale, form, loginPage);
      return result.reason === 'rateLimited' ? withRetryAfter(refused, result.retryAfter) : refused;
    }
    const next = deskPath(locale, result.secondFactor ? 'second-factor' : '');
    const cookie = { 'Set-Cookie': sessionCookie(result.token) };
    if (form) return redirectTo(next, cookie);
    const answer = jsonOk({ redirect: next, secondFactor: result.secondFactor });
    answer.headers.set('Set-Cookie', cookie['Set-Cookie']);
    return answer;
  });
}

function withRetryAfter(response: Response, seconds: number): Response {
  response.headers.set('Retry-After', String(seconds));
  return response;
}
