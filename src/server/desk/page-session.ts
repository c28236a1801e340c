import 'server-only';
import { cookies } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { markDatabaseUnavailable } from '../http/unavailable-mark';
import { deskPath } from './desk-paths';
import { deskCookieName } from './session-cookie';
import { staffSessionForToken, type StaffSession } from './staff-sessions';
import { may, type DeskPermission } from './permissions';

/** The request's desk session, looked up once per render (layout and page share it). */
const currentSession = cache(async (): Promise<StaffSession | undefined> => {
  const token = (await cookies()).get(deskCookieName())?.value;
  try {
    return await staffSessionForToken(token);
  } catch (error) {
    // The database is down or not answering: the page's error is answered 503, not 500.
    markDatabaseUnavailable();
    throw error;
  }
});

/**
 * The staff member a desk page is rendered for. No session (or an expired, revoked or disabled
 * one): the sign-in page. Second factor owed: its page. A password an admin set: the account page,
 * to choose a new one. A role without the page's permission (a `sales` account on the staff page): 403.
 */
export async function requireDeskStaff(locale: Locale, options: { may?: DeskPermission; allowPending?: boolean; allowMustChange?: boolean } = {}): Promise<StaffSession> {
  const session = await currentSession();
  if (!session) redirect(deskPath(locale, 'login'));
  if (session.secondFactorPending && !options.allowPending) redirect(deskPath(locale, 'second-factor'));
  // An admin set the password: nothing else until the member chose their own.
  if (session.staff.mustChangePassword && !session.secondFactorPending && !options.allowMustChange) redirect(`${deskPath(locale, 'account')}?error=mustChangePassword`);
  if (options.may && !may(session.staff.role, options.may)) forbidden();
  return session;
}

/** The session, if any, without sending anyone anywhere (the sign-in page itself). */
export const optionalDeskSession = currentSession;
