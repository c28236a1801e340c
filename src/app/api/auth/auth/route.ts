import { LoginInputSchema } from '@/lib/validation/auth';
import { loginUser } from '@/server/auth/login';
import { accountRedirect } from '@/server/auth/redirect';
import { addressKey } from '@/server/http/address-key';
import { guardPost, refusalResponse } from '@/server/http/guard';
import { jsonError, jsonOk } from '@/server/http/json-response';
import { consume, refund, reset } from '@/server/http/rate-limit';
import { safely } from '@/server/http/safely';

export const dynamic = 'force-dynamic';

/**
 * Login: `{ result: { token, redirect } }`. A wrong password and an unknown e-mail get the same
 * 400 (not 401: the client treats 401 as an expired session). Each attempt is counted before the
 * password is checked (so parallel guesses cannot slip past the count): 10 per account and address
 * per 15 min, 100 per account per hour from anywhere; a success clears its address's count and
 * gives back its own attempt.
 */
export async function POST(request: Request) {
  const guarded = await guardPost(request, LoginInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  if (guarded.honeypot) return jsonError(400, locale, 'badCredentials');
  const account = guarded.data.email.toLowerCase();
  const pair = `${account}|${addressKey(guarded.address)}`;
  return safely(locale, async () => {
    const [perPair, perAccount] = await Promise.all([consume('loginPair', pair), consume('loginAccount', account)]);
    if (!perPair.ok || !perAccount.ok) {
      if (perPair.ok) await refund('loginPair', pair);
      if (perAccount.ok) await refund('loginAccount', account);
      const retryAfter = Math.max(perPair.ok ? 0 : perPair.retryAfter, perAccount.ok ? 0 : perAccount.retryAfter);
      return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter });
    }
    const token = await loginUser(guarded.data.email, guarded.data.pw);
    if (!token) return jsonError(400, locale, 'badCredentials');
    await Promise.all([reset('loginPair', pair), refund('loginAccount', account)]);
    return jsonOk({ token, redirect: accountRedirect(token, locale) });
  });
}
