import { bearerToken, userForToken } from '@/server/auth/sessions';
import { publicUser } from '@/server/auth/users';
import { jsonError, jsonOk } from '@/server/http/json-response';
import { requestLocale } from '@/server/http/locale';
import { safely } from '@/server/http/safely';

export const dynamic = 'force-dynamic';

/** The account of the Bearer token: `{ result: { user } }`, 401 when missing, expired or revoked. */
export async function GET(request: Request) {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const user = await userForToken(bearerToken(request));
    if (!user) return jsonError(401, locale, 'unauthorized', {}, { 'WWW-Authenticate': 'Bearer' });
    return jsonOk({ user: publicUser(user) });
  });
}
