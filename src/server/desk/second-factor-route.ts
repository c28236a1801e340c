import 'server-only';
import { getDb } from '@/server/database';
import { deviceSetCookie } from '../auth/login-throttle';
import { getEnv } from '../env';
import { jsonError, jsonOk } from '../http/json-response';
import { consume, reset } from '../http/rate-limit';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { deskPath, withParam } from './desk-paths';
import { guardDeskPost, type DeskContext } from './desk-request';
import { beginEnrolment, disableTotp, enableTotp, verifySecondFactor } from './second-factor';
import { recordSecurityEvent } from './security-log';
import { sessionCookie } from './session-cookie';
import { completeSecondFactor, markAuthenticated, revokeOtherSessions } from './staff-sessions';

type Outcome = { ok: true; page: string; done?: string; token?: string } | { ok: false; page: string; key: 'badCode' | 'rateLimited' | 'invalidInput' };

async function act(ctx: DeskContext): Promise<Outcome> {
  const db = await getDb();
  const code = typeof ctx.body.code === 'string' ? ctx.body.code.slice(0, 40) : '';
  const member = ctx.staff;
  const pending = ctx.session.secondFactorPending;
  const page = pending ? 'second-factor' : 'account';
  const meta = { staffId: member.id, ...ctx.meta };
  // Guessing six digits: the sign-in's per-account budget, under a key of its own.
  const attempts = `desk-2fa:${member.id}`;
  if (ctx.body.action === 'begin') {
    // The member chose to turn it on: the secret is made now, not when a page opens. No code is
    // checked, so the guessing budget is neither spent nor reset.
    if (member.totpEnabledAt) return { ok: false, page, key: 'invalidInput' };
    await beginEnrolment(db, member);
    return { ok: true, page, done: 'twoFactorStarted' };
  }
  if (!(await consume('loginPair', attempts)).ok) return { ok: false, page, key: 'rateLimited' };
  switch (ctx.body.action) {
    case 'verify':
      if (!pending || !(await verifySecondFactor(db, member, code))) {
        await recordSecurityEvent('secondFactor.failed', meta, db);
        return { ok: false, page, key: 'badCode' };
      }
      break;
    case 'enable':
      if (!(await enableTotp(db, member, code))) {
        await recordSecurityEvent('secondFactor.failed', { ...meta, detail: { enrolling: true } }, db);
        return { ok: false, page, key: 'badCode' };
      }
      await recordSecurityEvent('secondFactor.enrolled', meta, db);
      break;
    case 'disable':
      if (pending || getEnv().DESK_REQUIRE_2FA || !(await verifySecondFactor(db, member, code))) {
        await recordSecurityEvent('secondFactor.failed', { ...meta, detail: { disabling: true } }, db);
        return { ok: false, page, key: 'badCode' };
      }
      await disableTotp(db, member);
      await reset('loginPair', attempts);
      // A factor changed: every other session of the account ends.
      await revokeOtherSessions(member.id, ctx.session.sessionId);
      await recordSecurityEvent('secondFactor.disabled', meta, db);
      return { ok: true, page: 'account', done: 'twoFactorOff' };
    default:
      return { ok: false, page, key: 'invalidInput' };
  }
  await reset('loginPair', attempts);
  if (pending) {
    // The session that owed the factor ends; a new token opens the desk (and the others end after an enrolment).
    const token = await completeSecondFactor(ctx.session.sessionId, member.id);
    if (ctx.body.action === 'enable') {
      await revokeOtherSessions(member.id, ctx.session.sessionId);
      // The recovery codes just made are shown once, on the account page.
      return { ok: true, page: 'account', done: 'twoFactorOn', token };
    }
    return { ok: true, page: '', token };
  }
  await revokeOtherSessions(member.id, ctx.session.sessionId);
  await markAuthenticated(ctx.session.sessionId);
  return { ok: true, page: 'account', done: 'twoFactorOn' };
}

/**
 * POST /api/desk/second-factor: `begin` (the member chose to turn the factor on: a secret is made),
 * `verify` (the sign-in's second step), `enable` (a first code turns an enrolment on, its recovery
 * codes shown once on the account page; while signing in under DESK_REQUIRE_2FA it also completes the sign-in),
 * `disable` (with a current code; not while the setting requires it). Completing the sign-in
 * issues a new session token and marks the browser as the owner's (device cookie); turning a
 * factor on or off ends the account's other sessions.
 */
export async function secondFactorAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request, { allowPending: true, allowMustChange: true });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  return safely(ctx.locale, async () => {
    const outcome = await act(ctx);
    const path = deskPath(ctx.locale, outcome.page);
    if (outcome.ok) {
      const cookies = outcome.token ? [sessionCookie(outcome.token), await deviceSetCookie('desk', ctx.staff.id)] : [];
      const target = outcome.done ? withParam(path, 'done', outcome.done) : path;
      if (ctx.form) return seeOther(target, cookies);
      const answer = jsonOk({ redirect: target });
      for (const cookie of cookies) answer.headers.append('Set-Cookie', cookie);
      return answer;
    }
    if (ctx.form) return seeOther(withParam(path, 'error', outcome.key));
    return jsonError(outcome.key === 'rateLimited' ? 429 : 400, ctx.locale, outcome.key === 'rateLimited' ? 'rateLimited' : 'invalidInput', { code: outcome.key });
  });
}
