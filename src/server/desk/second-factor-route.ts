import 'server-only';
import { getDb } from '@/server/database';
import { getEnv } from '../env';
import { jsonError, jsonOk } from '../http/json-response';
import { consume, reset } from '../http/rate-limit';
import { safely } from '../http/safely';
import { deskPath, withParam } from './desk-paths';
import { guardDeskPost, redirectTo, type DeskContext } from './desk-request';
import { disableTotp, enableTotp, verifySecondFactor } from './second-factor';
import { completeSecondFactor } from './staff-sessions';

type Outcome = { ok: true; page: string; done?: string } | { ok: false; page: string; key: 'badCode' | 'rateLimited' | 'invalidInput' };

async function act(ctx: DeskContext): Promise<Outcome> {
  const db = await getDb();
  const code = typeof ctx.body.code === 'string' ? ctx.body.code.slice(0, 40) : '';
  const member = ctx.staff;
  const pending = ctx.session.secondFactorPending;
  const page = pending ? 'second-factor' : 'account';
  // Guessing six digits: the sign-in's per-account budget, under a key of its own.
  const attempts = `desk-2fa:${member.id}`;
  if (!(await consume('loginPair', attempts)).ok) return { ok: false, page, key: 'rateLimited' };
  switch (ctx.body.action) {
    case 'verify':
      if (!pending || !(await verifySecondFactor(db, member, code))) return { ok: false, page, key: 'badCode' };
      break;
    case 'enable':
      if (!(await enableTotp(db, member, code))) return { ok: false, page, key: 'badCode' };
      break;
    case 'disable':
      if (pending || getEnv().DESK_REQUIRE_2FA || !(await verifySecondFactor(db, member, code))) return { ok: false, page, key: 'badCode' };
      await disableTotp(db, member);
      await reset('loginPair', attempts);
      return { ok: true, page: 'account', done: 'twoFactorOff' };
    default:
      return { ok: false, page, key: 'invalidInput' };
  }
  await reset('loginPair', attempts);
  if (pending) await completeSecondFactor(ctx.session.sessionId);
  return { ok: true, page: pending ? '' : 'account', done: pending ? undefined : 'twoFactorOn' };
}

/**
 * POST /api/desk/second-factor: `verify` (the sign-in's second step), `enable` (a first code turns
 * an enrolment on; while signing in under DESK_REQUIRE_2FA it also completes the sign-in),
 * `disable` (with a current code; not while the setting requires it).
 */
export async function secondFactorAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request, { allowPending: true });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  return safely(ctx.locale, async () => {
    const outcome = await act(ctx);
    const path = deskPath(ctx.locale, outcome.page);
    if (outcome.ok) return ctx.form ? redirectTo(outcome.done ? withParam(path, 'done', outcome.done) : path) : jsonOk({ redirect: path });
    if (ctx.form) return redirectTo(withParam(path, 'error', outcome.key));
    return jsonError(outcome.key === 'rateLimited' ? 429 : 400, ctx.locale, outcome.key === 'rateLimited' ? 'rateLimited' : 'invalidInput', { code: outcome.key });
  });
}
