import 'server-only';
import type { KeyUnder } from '@/i18n/message-keys';
import { getDb } from '@/server/database';
import { verifyPassword } from '../auth/passwords';
import { jsonError, jsonOk } from '../http/json-response';
import { consume, reset } from '../http/rate-limit';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { translate } from '../i18n';
import { deskPath, withParam } from './desk-paths';
import { guardDeskPost, type DeskContext } from './desk-request';
import { recordSecurityEvent } from './security-log';
import { changeOwnPassword, setStaffName } from './staff';
import { normaliseStaffName, staffNameProblem } from './staff-name';
import { staffPasswordProblem } from './staff-password';
import { markAuthenticated, revokeOtherSessions } from './staff-sessions';

type Outcome = { done: string } | { status: number; key: KeyUnder<'Desk', 'errors'>; field?: string };

async function changePassword(ctx: DeskContext): Promise<Outcome> {
  const current = typeof ctx.body.current === 'string' ? ctx.body.current.slice(0, 256) : '';
  const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
  // Guessing the current password from a stolen session: the sign-in's pair budget, under a key of its own.
  const attempts = `desk-password:${ctx.staff.id}`;
  if (!(await consume('loginPair', attempts)).ok) return { status: 429, key: 'rateLimited' };
  if (!current || !(await verifyPassword(current, ctx.staff.passwordHash))) {
    await recordSecurityEvent('stepUp.failed', { staffId: ctx.staff.id, ...ctx.meta, detail: { passwordChange: true } });
    return { status: 400, key: 'wrongPassword', field: 'current' };
  }
  const weak = staffPasswordProblem(password);
  if (weak) return { status: 400, key: weak, field: 'password' };
  if (password === current) return { status: 400, key: 'samePassword', field: 'password' };
  await reset('loginPair', attempts);
  await changeOwnPassword(await getDb(), ctx.staff.id, password);
  // The password changed: every other session of the account ends; this one has just proved itself.
  await revokeOtherSessions(ctx.staff.id, ctx.session.sessionId);
  await markAuthenticated(ctx.session.sessionId);
  await recordSecurityEvent('password.changed', { staffId: ctx.staff.id, ...ctx.meta });
  return { done: 'passwordChanged' };
}

/** The member's own name (no step-up: it opens nothing, and the history keeps who acted by id). */
async function changeName(ctx: DeskContext): Promise<Outcome> {
  const name = normaliseStaffName(typeof ctx.body.display_name === 'string' ? ctx.body.display_name.slice(0, 1000) : '');
  const problem = staffNameProblem(name);
  if (problem) return { status: 400, key: problem, field: 'display_name' };
  await setStaffName(await getDb(), ctx.staff.id, name);
  return { done: 'nameChanged' };
}

/**
 * POST /api/desk/account: `action=password` (`current`, `password`): a member changes their own
 * password; `action=name` (`display_name`): their own name.
 */
export async function accountAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request, { allowMustChange: true });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = deskPath(ctx.locale, 'account');
  return safely(ctx.locale, async () => {
    const outcome: Outcome = ctx.body.action === 'password' ? await changePassword(ctx) : ctx.body.action === 'name' ? await changeName(ctx) : { status: 400, key: 'invalidInput' };
    if ('done' in outcome) return ctx.form ? seeOther(withParam(back, 'done', outcome.done)) : jsonOk({ done: outcome.done });
    if (ctx.form) return seeOther(withParam(back, 'error', outcome.key));
    const fields = outcome.field ? { [outcome.field]: translate(ctx.locale, 'Desk', `errors.${outcome.key}`) } : {};
    return jsonError(outcome.status, ctx.locale, outcome.status === 429 ? 'rateLimited' : 'invalidInput', fields);
  });
}
