import 'server-only';
import { getEnv } from '../env';
import { jsonError } from '../http/json-response';
import { seeOther } from '../http/see-other';
import { deskPath, withParam } from './desk-paths';
import type { DeskContext } from './desk-request';
import type { StaffSession } from './staff-sessions';

/** Whether a password or code was given in the session within DESK_STEP_UP_MINUTES (default 5): the sensitive actions (staff changes, erasure, full export) are open. */
export const isFreshlyAuthenticated = (session: StaffSession, now = Date.now()) => now - session.authenticatedAt.getTime() < getEnv().DESK_STEP_UP_MINUTES * 60_000;

/** The confirmation page for a desk page to come back to. */
export const confirmPath = (ctx: { locale: DeskContext['locale'] }, back: string) => withParam(deskPath(ctx.locale, 'confirm'), 'back', back);

/**
 * A sensitive action's check: the member gave their password or a code within the last few
 * minutes, or the refusal to send (a form post goes to the confirmation page, which comes back to
 * `back`; JSON gets 403 `stepUpRequired`).
 */
export function stepUpRefusal(ctx: DeskContext, back: string): Response | undefined {
  if (isFreshlyAuthenticated(ctx.session)) return undefined;
  return ctx.form ? seeOther(confirmPath(ctx, back)) : jsonError(403, ctx.locale, 'stepUpRequired');
}
