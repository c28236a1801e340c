import 'server-only';
import type { KeyUnder } from '@/i18n/message-keys';
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
import { keepPendingChange } from './pending-change';
import { createStaff, findStaffById, isStaffRole, resetStaffPassword, setStaffDisabled, setStaffName } from './staff';
import { normaliseStaffName, staffNameProblem } from './staff-name';
import { staffPasswordProblem } from './staff-password';
import { confirmPath, isFreshlyAuthenticated } from './step-up';

type Outcome = { done: string } | { status: number; key: KeyUnder<'Desk', 'errors'>; field?: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const nameOf = (ctx: DeskContext) => normaliseStaffName(typeof ctx.body.display_name === 'string' ? ctx.body.display_name.slice(0, 1000) : '');

async function addMember(ctx: DeskContext): Promise<Outcome> {
  const email = text(ctx.body.email);
  const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
  const name = nameOf(ctx);
  const badName = staffNameProblem(name);
  if (badName) return { status: 400, key: badName, field: 'display_name' };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { status: 400, key: 'invalidEmail', field: 'email' };
  if (!isStaffRole(ctx.body.role)) return { status: 400, key: 'invalidChoice', field: 'role' };
  const weak = staffPasswordProblem(password);
  if (weak) return { status: 400, key: weak, field: 'password' };
  const created = await createStaff(await getDb(), email, ctx.body.role, password, name);
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
    case 'rename': {
      const name = nameOf(ctx);
      const badName = staffNameProblem(name);
      if (badName) return { status: 400, key: badName, field: 'display_name' };
      await setStaffName(db, member.id, name);
      await recordSecurityEvent('staff.renamed', log, db);
      return { done: 'staffRenamed' };
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

/** Carries out a staff change an admin sent (`ctx.body` its fields): add (no `subjectId`) or change one account. */
export function applyStaffChange(ctx: DeskContext, subjectId?: string): Promise<Outcome> {
  return subjectId === undefined ? addMember(ctx) : changeMember(ctx, subjectId);
}

/** The answer to a staff change: a form back to the staff page with its notice; JSON in the contract's format. */
export function staffOutcomeResponse(ctx: DeskContext, outcome: Outcome): Response {
  const back = deskPath(ctx.locale, 'staff');
  if ('done' in outcome) return ctx.form ? seeOther(withParam(back, 'done', outcome.done)) : jsonOk({ done: outcome.done });
  if (ctx.form) return seeOther(withParam(back, 'error', outcome.key));
  const fields = outcome.field ? { [outcome.field]: translate(ctx.locale, 'Desk', `errors.${outcome.key}`) } : {};
  return jsonError(outcome.status, ctx.locale, outcome.status === 404 ? 'notFound' : outcome.status === 403 ? 'forbidden' : outcome.status === 409 ? 'emailTaken' : 'invalidInput', fields);
}

/**
 * POST /api/desk/staff (add: display_name, email, role, password) and /api/desk/staff/{id} (action: rename with
 * display_name, disable, enable, reset with password and optional must_change, enrolLink): admins only (403 for
 * the other roles), with a password or code given within the last minutes (step-up); each is in the security log.
 * A form sent when the step-up is due is kept (pending-change.ts) and the confirmation page finishes it
 * after the password or code; JSON gets 403 `stepUpRequired` and sends again.
 */
export async function staffAction(request: Request, staffId?: string): Promise<Response> {
  const guarded = await guardDeskPost(request, { may: 'manageStaff' });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = deskPath(ctx.locale, 'staff');
  return safely(ctx.locale, async () => {
    if (!isFreshlyAuthenticated(ctx.session)) {
      if (!ctx.form) return jsonError(403, ctx.locale, 'stepUpRequired');
      const pending = await keepPendingChange(ctx, staffId);
      return seeOther(withParam(confirmPath(ctx, back), 'pending', pending));
    }
    return staffOutcomeResponse(ctx, await applyStaffChange(ctx, staffId));
  });
}
