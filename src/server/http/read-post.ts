import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { jsonError, type ApiErrorKey } from './json-response';
import { requestLocale } from './locale';
import { bodyRefusalStatus, readBody } from './read-body';
import { isCrossOrigin } from './same-origin';

/** Why a request is refused, as the contract's JSON error gives it. */
export interface Refusal {
  status: number;
  key: ApiErrorKey;
  errorsFld?: Record<string, string>;
  retryAfter?: number;
}

export type PostStart =
  | { ok: true; locale: Locale; form: boolean; body: Record<string, unknown> }
  | { ok: false; locale: Locale; form: boolean; refusal: Refusal };

/** An HTML form post (answered by a 303 where the handler has a page to go back to). */
const isFormPost = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

/**
 * The start of every POST, public or the desk's: the language of the answer (Accept-Language),
 * then a post another site's page made refused (403, before anything is read), then the body:
 * at most 64 KB (413), JSON only under a JSON type (415), an object (400) or a urlencoded form
 * (src/server/http/read-body.ts). `body: false` for a post that carries none (sign-out).
 */
export async function readPost(request: Request, options: { body?: boolean } = {}): Promise<PostStart> {
  const locale = requestLocale(request);
  const form = isFormPost(request);
  if (isCrossOrigin(request)) return { ok: false, locale, form, refusal: { status: 403, key: 'crossOrigin' } };
  if (options.body === false) return { ok: true, locale, form, body: {} };
  const read = await readBody(request);
  if (!read.ok) return { ok: false, locale, form, refusal: { status: bodyRefusalStatus(read.reason), key: read.reason } };
  return { ok: true, locale, form, body: read.body };
}

/** A refusal as the contract's JSON error (with Retry-After on 429). */
export function refusalResponse(locale: Locale, refusal: Refusal): Response {
  const headers: Record<string, string> = refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : {};
  return jsonError(refusal.status, locale, refusal.key, refusal.errorsFld, headers);
}
