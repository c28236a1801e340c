import 'server-only';
import { getDb } from '@/server/database';
import { jsonError, jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { translate } from '../i18n';
import { deskPath, withParam } from './desk-paths';
import { guardDeskPost, redirectTo, type DeskContext } from './desk-request';
import { createStaff, findStaffById, isStaffRole, resetStaffPassword, setStaffDisabled } from './staff';
import { staffPasswordProblem } from './staff-password';

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
  return created.ok ? { done: 'staffAdded' } : { status: 409, key: 'emailTaken', field: 'email' };
}

async function changeMember(ctx: DeskContext, staffId: string): Promise<Outcome> {
  const db = await getDb();
  const member = await findStaffById(db, staffId);
  if (!member) return { status: 404, key: 'notFound' };
  switch (ctx.body.action) {
    case 'disable':
      // An admin cannot lock themselves out (nor leave the desk without any admin that way).
      if (member.id === ctx.staff.id) return { status: 400, key: 'cannotDisableSelf' };
      await setStaffDisabled(db, member.id, true);
      return { done: 'staffDisabled' };
    case 'enable':
      await setStaffDisabled(db, member.id, false);
      return { done: 'staffEnabled' };
    case 'reset': {
      const password = typeof ctx.body.password === 'string' ? ctx.body.password : '';
      const weak = staffPasswordProblem(password);
      if (weak) return { status: 400, key: weak, field: 'password' };
      await resetStaffPassword(db, member.id, password);
      return { done: 'passwordReset' };
    }
    default:
      return { status: 400, key: 'invalidInput' };
  }
}

/**
 * POST /api/desk/staff (add: email, role, password) and /api/desk/staff/{id} (action: disable,
 * enable, reset with password): admins only (403 for sales).
 */
export async function staffAction(request: Request, staffId?: string): Promise<Response> {
  const guarded = await guardDeskPost(request, { role: 'admin' });
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const back = deskPath(ctx.locale, 'staff');
  return safely(ctx.locale, async () => {
    const outcome = staffId === undefined ? await addMember(ctx) : await changeMember(ctx, staffId);
    if ('done' in outcome) return ctx.form ? redirectTo(withParam(back, 'done', outcome.done)) : jsonOk({ done: outcome.done });
    if (ctx.form) return redirectTo(withParam(back, 'error', outcome.key));
    const fields = outcome.field ? { [outcome.field]: translate(ctx.locale, 'Validation', outcome.key) } : {};
    return jsonError(outcome.status, ctx.locale, outcome.status === 404 ? 'notFound' : outcome.status === 409 ? 'emailTaken' : 'invalidInput', fields);
  });
}
