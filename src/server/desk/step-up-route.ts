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
import { takePendingChange } from './pending-change';
import { may } from './permissions';
import { applyStaffChange, staffOutcomeResponse } from './staff-route';
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

/**
 * After the password: the staff change kept for this confirmation (`pending`), finished now, once
 * (takePendingChange: this session, unexpired, unused; the role is checked again as it is now). A
 * change that cannot be had any more goes back to the staff page with `pendingExpired`.
 */
async function finishPendingChange(ctx: DeskContext, token: unknown): Promise<Response> {
  const change = await takePendingChange(ctx, token);
  if (!change) return staffOutcomeResponse(ctx, { status: 410, key: 'pendingExpired' });
  if (!may(ctx.staff.role, 'manageStaff')) return staffOutcomeResponse(ctx, { status: 403, key: 'forbidden' });
  return staffOutcomeResponse(ctx, await applyStaffChange({ ...ctx, body: { ...change.body, locale: ctx.locale } }, change.subjectId));
}

/**
 * POST /api/desk/step-up (`secret`: password or code, `back`: the desk page to return to, `pending`:
 * a staff change kept while the step-up was due, finished after the password).
 */
export async function stepUpAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = backPath(ctx.body.back, ctx.locale);
  return safely(ctx.locale, async () => {
    const secret = typeof ctx.body.secret === 'string' ? ctx.body.secret.slice(0, 256) : '';
    const result = secret ? await confirmIdentity(ctx, secret) : 'wrong';
    const pending = ctx.body.pending;
    if (result === 'ok' && pending !== undefined && pending !== '') return finishPendingChange(ctx, pending);
    if (result === 'ok') return ctx.form ? seeOther(withParam(back, 'done', 'confirmed')) : jsonOk({ redirect: back });
    const key = result === 'rateLimited' ? 'rateLimited' : 'badStepUp';
    if (ctx.form) {
      const again = withParam(confirmPath(ctx, back), 'error', key);
      // The kept change waits for a second try (the token is not echoed unless it has the right shape).
      return seeOther(typeof pending === 'string' && /^[A-Za-z0-9_-]{43}$/.test(pending) ? withParam(again, 'pending', pending) : again);
    }
    return jsonError(result === 'rateLimited' ? 429 : 400, ctx.locale, result === 'rateLimited' ? 'rateLimited' : 'invalidInput');
  });
}
