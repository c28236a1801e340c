import 'server-only';
import { getDb } from '@/server/database';
import { jsonError, jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { translate } from '../i18n';
import { getEnv } from '../env';
import { deskPath, withParam } from './desk-paths';
import { guardDeskPost, type DeskContext } from './desk-request';
import { issueEnrolmentLink } from './enrolment-link';
import { recordSecurityEvent } from './security-log';
import { createStaff, findStaffById, isStaffRole, resetStaffPassword, setStaffDisabled } from './staff';
import { staffPasswordProblem } from './staff-password';
import { stepUpRefusal } from './step-up';

type Outcome = { done: string } | { status: number; key: string; field?: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

async function addMember(ctx: DeskContext): Promise<Outcome> {
  const email = text(ctx.body.email);
  const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { status: 400, key: 'invalidEmail', field: 'email' };
  if (!isStaffRole(ctx.body.role)) return { status: 400, key: 'invalidChoice', field: 'role' };
  const weak = staffPasswordProblem(password);
  if (weak) return { status: 400, key: weak, field: 'password' };
  const created = await createStaff(await getDb(), email, ctx.body.role, password);
  if (!created.ok) return { status: 409, key: 'emailTaken', field: 'email' };
  await recordSecurityEvent('staff.created', { staffId: ctx.staff.id, subjectId: created.id, ...ctx.meta, detail: { role: ctx.body.role } });
  return { done: 'staffAdded' };
}

async function changeMember(ctx: DeskContext, staffId: string): Promise<Outcome> {
  const db = await getDb();
  const member = await findStaffById(db, staffId);
  if (!member) return { status: 404, key: 'notFound' };
  const log = { staffId: ctx.staff.id, subjectId: member.id, ...ctx.meta };
  switch (ctx.body.action) {
    case 'disable':
      // An admin cannot lock themselves out (nor leave the desk without any admin that way).
      if (member.id === ctx.staff.id) return { status: 400, key: 'cannotDisableSelf' };
      await setStaffDisabled(db, member.id, true);
      await recordSecurityEvent('staff.disabled', log, db);
      return { done: 'staffDisabled' };
    case 'enable':
      await setStaffDisabled(db, member.id, false);
      await recordSecurityEvent('staff.enabled', log, db);
      return { done: 'staffEnabled' };
    case 'reset': {
      const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
      const weak = staffPasswordProblem(password);
      if (weak) return { status: 400, key: weak, field: 'password' };
      const mustChange = ctx.body.must_change === '1' || ctx.body.must_change === true || ctx.body.must_change === 'on';
      await resetStaffPassword(db, member.id, password, mustChange);
      await recordSecurityEvent('password.reset', { ...log, detail: { mustChange } }, db);
      return { done: 'passwordReset' };
    }
    case 'enrolLink':
      // Only where it is needed: the desk requires a factor and this account has none.
      if (!getEnv().DESK_REQUIRE_2FA || member.totpEnabledAt || member.disabledAt) return { status: 400, key: 'invalidInput' };
      await issueEnrolmentLink(db, member.id);
      await recordSecurityEvent('secondFactor.enrolmentLink', log, db);
      return { done: 'enrolmentLinkIssued' };
    default:
      return { status: 400, key: 'invalidInput' };
  }
}

/**
 * POST /api/desk/staff (add: email, role, password) and /api/desk/staff/{id} (action: disable,
 * enable, reset with password and optional must_change, enrolLink): admins only (403 for the other roles),
 * with a password or code given within the last minutes (step-up); each is in the security log.
 */
export async function staffAction(request: Request, staffId?: string): Promise<Response> {
  const guarded = await guardDeskPost(request, { may: 'manageStaff' });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = deskPath(ctx.locale, 'staff');
  const stale = stepUpRefusal(ctx, back);
  if (stale) return stale;
  return safely(ctx.locale, async () => {
    const outcome = staffId === undefined ? await addMember(ctx) : await changeMember(ctx, staffId);
    if ('done' in outcome) return ctx.form ? seeOther(withParam(back, 'done', outcome.done)) : jsonOk({ done: outcome.done });
    if (ctx.form) return seeOther(withParam(back, 'error', outcome.key));
    const fields = outcome.field ? { [outcome.field]: translate(ctx.locale, 'Validation', outcome.key) } : {};
    return jsonError(outcome.status, ctx.locale, outcome.status === 404 ? 'notFound' : outcome.status === 409 ? 'emailTaken' : 'invalidInput', fields);
  });
}
