import 'server-only';
import { bearerToken, revokeSession } from './sessions';
import { jsonOk } from '../http/json-response';
import { readPost, refusalResponse } from '../http/read-post';
import { safely } from '../http/safely';

/** Sign-out: revokes the Bearer token. Always `{ result: { success: true } }` for a same-origin call. */
export async function customerLogout(request: Request) {
  // The token is the Authorization header's; a body, if any, is not read.
  const start = await readPost(request, { body: false });
  if (!start.ok) return refusalResponse(start.locale, start.refusal);
  return safely(start.locale, async () => {
    const token = bearerToken(request);
    if (token) await revokeSession(token);
    return jsonOk({ success: true });
  });
}
