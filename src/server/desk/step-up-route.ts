import 'server-only';
import { getDb } from '@/server/database';
import { verifyPassword } from '../auth/passwords';
import { jsonError, jsonOk } from '../http/json-response';
import { consume, reset } from '../http/rate-limit';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { backPath, withParam } from './desk-paths';
import { guardDeskPost, type DeskContext } from './desk-request';
import { verifySecondFactor } from './second-factor';
import { recordSecurityEvent } from './security-log';
import { markAuthenticated } from './staff-sessions';
import { confirmPath } from './step-up';

/** The password or a current TOTP / recovery code of the member, throttled per account (the sign-in's pair budget). */
async function confirmIdentity(ctx: DeskContext, secret: string): Promise<'ok' | 'wrong' | 'rateLimited'> {
  const attempts = `desk-step-up:${ctx.staff.id}`;
  if (!(await consume('loginPair', attempts)).ok) return 'rateLimited';
  const db = await getDb();
  // Six digits are a code from the app (each step once); anything else is the password.
  const code = Boolean(ctx.staff.totpEnabledAt) && /^\d{3}\s?\d{3}$/.test(secret.trim());
  const ok = (code && (await verifySecondFactor(db, ctx.staff, secret.trim()))) || (await verifyPassword(secret, ctx.staff.passwordHash));
  if (!ok) {
    await recordSecurityEvent('stepUp.failed', { staffId: ctx.staff.id, ...ctx.meta }, db);
    return 'wrong';
  }
  await reset('loginPair', attempts);
  await markAuthenticated(ctx.session.sessionId);
  return 'ok';
}

/** POST /api/desk/step-up (`secret`: password or code, `back`: the desk page to return to). */
export async function stepUpAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = backPath(ctx.body.back, ctx.locale);
  return safely(ctx.locale, async () => {
    const secret = typeof ctx.body.secret === 'string' ? ctx.body.secret.slice(0, 256) : '';
    const result = secret ? await confirmIdentity(ctx, secret) : 'wrong';
    if (result === 'ok') return ctx.form ? seeOther(withParam(back, 'done', 'confirmed')) : jsonOk({ redirect: back });
    const key = result === 'rateLimited' ? 'rateLimited' : 'badStepUp';
    if (ctx.form) return seeOther(withParam(confirmPath(ctx, back), 'error', key));
    return jsonError(result === 'rateLimited' ? 429 : 400, ctx.locale, result === 'rateLimited' ? 'rateLimited' : 'invalidInput');
  });
}
