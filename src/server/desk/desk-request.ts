import 'server-only';
import type { Staff } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { jsonError, type ApiErrorKey } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { bodyRefusalStatus, readUploadBody } from '../http/read-body';
import { readPost, refusalResponse } from '../http/read-post';
import { isCrossOrigin } from '../http/same-origin';
import { seeOther } from '../http/see-other';
import { backPath, deskPath, formLocale, withParam } from './desk-paths';
import { requestMeta, type RequestMeta } from './security-log';
import { sessionTokenOf } from './session-cookie';
import { staffSessionForToken, type StaffSession } from './staff-sessions';
import { may, type DeskPermission } from './permissions';

export interface DeskContext {
  staff: Staff;
  session: StaffSession;
  token: string;
  locale: Locale;
  /** An HTML form post: answered by a 303 back to the page; otherwise JSON. */
  form: boolean;
  body: Record<string, unknown>;
  /** Client address and request id, for the security log. */
  meta: RequestMeta;
}

export type DeskGuarded = { ok: true; ctx: DeskContext } | { ok: false; response: Response };

interface Options {
  /** What the member's role must allow (403 otherwise). */
  may?: DeskPermission;
  /** The second-factor step itself: a session still owing it may call. */
  allowPending?: boolean;
  /** Reachable while an admin's reset makes the member choose a new password first (the password change, sign-out). */
  allowMustChange?: boolean;
}

/** A refusal: a form post goes back to `path` with `?error=key`; anything else gets the JSON error. */
export function deskRefusal(status: number, key: ApiErrorKey, locale: Locale, form: boolean, path: string): Response {
  if (form) return seeOther(withParam(path, 'error', key));
  return jsonError(status, locale, key);
}

async function staffOf(request: Request, options: Options): Promise<{ session?: StaffSession; token?: string; refused?: 'unauthorized' | 'forbidden' | 'mustChangePassword' }> {
  const token = sessionTokenOf(request.headers.get('cookie'));
  const session = await staffSessionForToken(token);
  if (!session || (session.secondFactorPending && !options.allowPending)) return { refused: 'unauthorized' };
  if (session.staff.mustChangePassword && !session.secondFactorPending && !options.allowMustChange) return { refused: 'mustChangePassword' };
  if (options.may && !may(session.staff.role, options.may)) return { refused: 'forbidden' };
  return { session, token };
}

/**
 * Every state-changing desk request: the start of every post (readPost: cross-site 403 before
 * anything is read, the body: 64 KB, JSON or a form; refusals as JSON), then the session cookie (401: none, expired, revoked, a disabled account, second
 * factor owed) and the role (403). A form post without a session goes to the sign-in page.
 */
export async function guardDeskPost(request: Request, options: Options = {}): Promise<DeskGuarded> {
  const read = await readPost(request);
  if (!read.ok) return { ok: false, response: refusalResponse(read.locale, read.refusal) };
  const { form } = read;
  const locale = formLocale(read.body.locale, read.locale);
  const { session, token, refused } = await staffOf(request, options);
  if (refused === 'unauthorized') return { ok: false, response: deskRefusal(401, 'unauthorized', locale, form, deskPath(locale, 'login')) };
  if (refused === 'forbidden') return { ok: false, response: deskRefusal(403, 'forbidden', locale, form, backPath(read.body.back, locale)) };
  if (refused === 'mustChangePassword') return { ok: false, response: deskRefusal(403, 'mustChangePassword', locale, form, deskPath(locale, 'account')) };
  return { ok: true, ctx: { staff: session!.staff, session: session!, token: token!, locale, form, body: read.body, meta: requestMeta(request) } };
}

/** A desk GET (export, live events): session and role as for posts; JSON refusals. */
export async function guardDeskGet(request: Request, options: Options = {}): Promise<DeskGuarded> {
  const locale = requestLocale(request);
  const { session, token, refused } = await staffOf(request, options);
  if (refused) return { ok: false, response: jsonError(refused === 'unauthorized' ? 401 : 403, locale, refused) };
  return { ok: true, ctx: { staff: session!.staff, session: session!, token: token!, locale, form: false, body: {}, meta: requestMeta(request) } };
}

/**
 * A desk upload (a bank statement): refused cross-site first, then the session and role are
 * checked before the body (up to `limit`, multipart or as any post) is read at all. The language
 * and the page to return to come from the address (`?locale=`), as a body too large is never read;
 * a form's refusal goes back to `page` with `?error=`.
 */
export async function guardDeskUpload(request: Request, options: Options & { limit: number; page: string }): Promise<DeskGuarded> {
  const locale = formLocale(new URL(request.url).searchParams.get('locale'), requestLocale(request));
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const form = type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded');
  const back = deskPath(locale, options.page);
  if (isCrossOrigin(request)) return { ok: false, response: deskRefusal(403, 'crossOrigin', locale, form, back) };
  const { session, token, refused } = await staffOf(request, options);
  if (refused === 'unauthorized') return { ok: false, response: deskRefusal(401, 'unauthorized', locale, form, deskPath(locale, 'login')) };
  if (refused) return { ok: false, response: deskRefusal(403, refused, locale, form, refused === 'mustChangePassword' ? deskPath(locale, 'account') : back) };
  const read = await readUploadBody(request, options.limit);
  if (!read.ok) return { ok: false, response: deskRefusal(bodyRefusalStatus(read.reason), read.reason, locale, form, back) };
  return { ok: true, ctx: { staff: session!.staff, session: session!, token: token!, locale, form, body: read.body, meta: requestMeta(request) } };
}
