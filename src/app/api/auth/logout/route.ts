import { bearerToken, revokeSession } from '@/server/auth/sessions';
import { jsonError, jsonOk } from '@/server/http/json-response';
import { requestLocale } from '@/server/http/locale';
import { safely } from '@/server/http/safely';
import { isCrossOrigin } from '@/server/http/same-origin';

export const dynamic = 'force-dynamic';

/** Sign-out: revokes the Bearer token. Always `{ result: { success: true } }` for a same-origin call. */
export async function POST(request: Request) {
  const locale = requestLocale(request);
  if (isCrossOrigin(request)) return jsonError(403, locale, 'crossOrigin');
  return safely(locale, async () => {
    const token = bearerToken(request);
    if (token) await revokeSession(token);
    return jsonOk({ success: true });
  });
}
