import 'server-only';
import { getEnv } from '../env';
import { STAFF_IDLE_HOURS } from './staff-sessions';
import { readCookie } from '@/lib/cookies.mjs';

/**
 * The desk's session cookie: HttpOnly, SameSite=Strict, path /. Over HTTPS (NEXT_PUBLIC_SITE_URL
 * is https:) it is Secure and carries the `__Host-` prefix, so no subdomain or plain-HTTP page can
 * set or overwrite it.
 */
export function deskCookieName(): string {
  return isSecureSite() ? '__Host-desk_session' : 'desk_session';
}

function isSecureSite(): boolean {
  return Boolean(getEnv().NEXT_PUBLIC_SITE_URL?.startsWith('https:'));
}

function attributes(maxAge: number): string {
  return ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAge}`, ...(isSecureSite() ? ['Secure'] : [])].join('; ');
}

/** Set-Cookie for a new session (the browser keeps it as long as the server would). */
export function sessionCookie(token: string): string {
  return `${deskCookieName()}=${token}; ${attributes(STAFF_IDLE_HOURS * 3600)}`;
}

/** Set-Cookie that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${deskCookieName()}=; ${attributes(0)}`;
}

/** The session token a request's Cookie header carries. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, deskCookieName());
}
