import 'server-only';
import { jsonError } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { unavailablePage } from '../leads/unavailable-page';
import { describeError, getLogger } from '../logger';
import { backPath } from './desk-paths';

/** How long a client is asked to wait before trying again (the database is usually back by then). */
const RETRY_AFTER_SECONDS = '30';

/** The desk page a form was posted from (its Referer, when it is one), to go back to. */
function refererPath(request: Request): string | undefined {
  const referer = request.headers.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/**
 * The desk's answer when its work failed unexpectedly (the database down or not answering in time):
 * 503 with Retry-After, never Next.js's 500: an HTML form post gets a page in the request's
 * language with the way back, anything else the API's error format (`errors`, `errorsFld`).
 */
function deskUnavailable(request: Request, error: unknown): Response {
  getLogger().error({ err: describeError(error) }, 'desk request failed');
  const locale = requestLocale(request);
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const form = request.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'));
  if (form) {
    const page = unavailablePage(locale, backPath(refererPath(request), locale));
    page.headers.set('Retry-After', RETRY_AFTER_SECONDS);
    return page;
  }
  return jsonError(503, locale, 'unavailable', {}, { 'Retry-After': RETRY_AFTER_SECONDS });
}

/** A desk route handler whose unexpected failure is answered by `deskUnavailable`. */
export function deskSafely<Args extends [Request, ...unknown[]]>(handler: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return deskUnavailable(args[0], error);
    }
  };
}
