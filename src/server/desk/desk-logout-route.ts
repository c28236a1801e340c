import 'server-only';
import { jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { deskPath } from './desk-paths';
import { guardDeskPost } from './desk-request';
import { seeOther } from '../http/see-other';
import { clearedSessionCookie } from './session-cookie';
import { revokeStaffSession } from './staff-sessions';

/** Sign-out: the session ends on the server and the cookie is removed. */
export async function deskLogout(request: Request) {
  const guarded = await guardDeskPost(request, { allowPending: true, allowMustChange: true });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  return safely(ctx.locale, async () => {
    await revokeStaffSession(ctx.token);
    const cookie = clearedSessionCookie();
    if (ctx.form) return seeOther(deskPath(ctx.locale, 'login'), [cookie]);
    const answer = jsonOk({ success: true });
    answer.headers.set('Set-Cookie', cookie);
    return answer;
  });
}
