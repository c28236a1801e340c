import { jsonOk } from '@/server/http/json-response';
import { safely } from '@/server/http/safely';
import { deskPath } from '@/server/desk/desk-paths';
import { guardDeskPost } from '@/server/desk/desk-request';
import { seeOther } from '@/server/http/see-other';
import { clearedSessionCookie } from '@/server/desk/session-cookie';
import { revokeStaffSession } from '@/server/desk/staff-sessions';

export const dynamic = 'force-dynamic';

/** Sign-out: the session ends on the server and the cookie is removed. */
export async function POST(request: Request) {
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
