import 'server-only';
import { bearerToken, userForToken } from './sessions';
import { publicUser } from './users';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { safely } from '../http/safely';

/** The account of the Bearer token: `{ result: { user } }`, 401 when missing, expired or revoked. */
export async function currentAccount(request: Request) {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const user = await userForToken(bearerToken(request));
    if (!user) return jsonError(401, locale, 'unauthorized', {}, { 'WWW-Authenticate': 'Bearer' });
    return jsonOk({ user: publicUser(user) });
  });
}
