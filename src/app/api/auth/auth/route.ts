import { LoginInputSchema } from '@/lib/validation/auth';
import { loginUser } from '@/server/auth/login';
import { accountRedirect } from '@/server/auth/redirect';
import { guardPost, refusalResponse } from '@/server/http/guard';
import { jsonError, jsonOk } from '@/server/http/json-response';
import { check, consume, reset } from '@/server/http/rate-limit';
import { safely } from '@/server/http/safely';

export const dynamic = 'force-dynamic';

/**
 * Login: `{ result: { token, redirect } }`. A wrong password and an unknown e-mail get the same
 * 400 (not 401: the client treats 401 as an expired session). At most 10 failures per account per 15 min.
 */
export async function POST(request: Request) {
  const guarded = await guardPost(request, LoginInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  if (guarded.honeypot) return jsonError(400, locale, 'badCredentials');
  const account = guarded.data.email.toLowerCase();
  return safely(locale, async () => {
    const blocked = await check('loginFail', account);
    if (!blocked.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: blocked.retryAfter });
    const token = await loginUser(guarded.data.email, guarded.data.pw);
    if (!token) {
      await consume('loginFail', account);
      return jsonError(400, locale, 'badCredentials');
    }
    await reset('loginFail', account);
    return jsonOk({ token, redirect: accountRedirect(token, locale) });
  });
}
