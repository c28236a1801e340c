import 'server-only';
import { getDb } from '@/server/database';
import { jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { seeOther } from '../http/see-other';
import { backPath, withParam } from './desk-paths';
import { deskRefusal, guardDeskPost } from './desk-request';
import { isDutyQueue, mayOwnLeads, setDuty, setDutyQueues } from './lead-owners';
import { may } from './permissions';
import { recordSecurityEvent } from './security-log';
import { findStaffById } from './staff';

/** The path of the page the form was sent from (backPath keeps it only when it is a desk page). */
const refererPath = (request: Request) => {
  try {
    return new URL(request.headers.get('referer') ?? '').pathname;
  } catch {
    return undefined;
  }
};

const flag = (value: unknown) => value === '1' || value === 'on' || value === true;

/**
 * POST /api/desk/duty: `on` (1 or 0) switches duty; `staff` (an id) names another member, which
 * only an admin may; `queue` (admins: all, sales or support) sets the queues that member takes
 * leads from. Only roles that may own leads go on duty. Each change is in the security log.
 */
export async function dutyAction(request: Request): Promise<Response> {
  const guarded = await guardDeskPost(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  // Back to the page the switch was pressed on (the header's form names none).
  const back = backPath(ctx.body.back ?? refererPath(request), ctx.locale);
  const refuse = (status: number, key: 'forbidden' | 'invalidInput' | 'notFound') => deskRefusal(status, key, ctx.locale, ctx.form, back);
  return safely(ctx.locale, async () => {
    const db = await getDb();
    const targetId = typeof ctx.body.staff === 'string' && ctx.body.staff ? ctx.body.staff : ctx.staff.id;
    const admin = may(ctx.staff.role, 'manageStaff');
    if (targetId !== ctx.staff.id && !admin) return refuse(403, 'forbidden');
    const member = targetId === ctx.staff.id ? ctx.staff : await findStaffById(db, targetId);
    if (!member) return refuse(404, 'notFound');
    const queue = ctx.body.queue;
    if (queue !== undefined) {
      if (!admin) return refuse(403, 'forbidden');
      if (queue !== 'all' && !isDutyQueue(queue)) return refuse(400, 'invalidInput');
      await setDutyQueues(db, member.id, queue === 'all' ? null : [queue]);
    }
    const on = flag(ctx.body.on);
    if (on && (!mayOwnLeads(member.role) || member.disabledAt)) return refuse(400, 'invalidInput');
    const given = await setDuty(db, member.id, on);
    await recordSecurityEvent('duty.changed', { staffId: ctx.staff.id, subjectId: member.id, ...ctx.meta, detail: { onDuty: on, ...(queue === undefined ? {} : { queue: String(queue) }) } }, db);
    const done = on ? 'dutyOn' : 'dutyOff';
    return ctx.form ? seeOther(withParam(back, 'done', done)) : jsonOk({ done, onDuty: on, given });
  });
}
