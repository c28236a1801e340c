import 'server-only';
import type * as z from 'zod/mini';
import type { Locale } from '@/site/locales.mjs';
import { requestAddress, requestCountry } from '../geo';
import { phoneCountryOf, withPhoneInE164 } from '../phone/phone';
import { isHoneypotFilled } from './honeypot';
import { fieldErrors, jsonError, type ApiErrorKey } from './json-response';
import { requestLocale } from './locale';
import { consume, type LimiterName } from './rate-limit';
import { bodyRefusalStatus, readBody } from './read-body';
import { isCrossOrigin } from './same-origin';
import { addressKey } from './address-key';
import { countRefusal } from '../metrics';

export interface Refusal {
  status: number;
  key: ApiErrorKey;
  errorsFld?: Record<string, string>;
  retryAfter?: number;
}

export type Guarded<T> =
  | { ok: true; data: T; locale: Locale; address?: string; form: boolean; body: Record<string, unknown>; honeypot: false }
  | { ok: true; locale: Locale; address?: string; form: boolean; body: Record<string, unknown>; honeypot: true }
  | { ok: false; locale: Locale; form: boolean; refusal: Refusal; body?: Record<string, unknown> };

/**
 * The checks every public POST goes through, in order: same origin (403), body size and
 * syntax (413, 400), rate limit per client address (429), honeypot, schema (400).
 * Unknown fields are ignored (the schemas strip them). Before the schema, `phone` becomes E.164:
 * a national number is read in the form's `phone_country`, else the visitor's country, else the
 * language's (src/server/phone/phone.ts); one that is not valid there stays, and is refused.
 */
export async function guardPost<S extends z.ZodMiniType>(request: Request, schema: S, limiter: LimiterName): Promise<Guarded<z.infer<S>>> {
  const locale = requestLocale(request);
  const form = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
  if (isCrossOrigin(request)) {
    countRefusal('cross_site');
    return { ok: false, locale, form, refusal: { status: 403, key: 'crossOrigin' } };
  }

  const read = await readBody(request);
  if (!read.ok) {
    countRefusal(read.reason === 'tooLarge' ? 'too_large' : 'malformed');
    return { ok: false, locale, form, refusal: { status: bodyRefusalStatus(read.reason), key: read.reason } };
  }

  const address = requestAddress(request.headers);
  const limit = await consume(limiter, addressKey(address));
  if (!limit.ok) {
    countRefusal('rate_limit');
    return { ok: false, locale, form, body: read.body, refusal: { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter } };
  }

  if (isHoneypotFilled(read.body)) {
    countRefusal('honeypot');
    return { ok: true, locale, address, form: read.form, body: read.body, honeypot: true };
  }

  const body = typeof read.body.phone === 'string' ? withPhoneInE164(read.body, phoneCountryOf(read.body.phone_country, requestCountry(request.headers), locale)) : read.body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    countRefusal('validation');
    return { ok: false, locale, form, body: read.body, refusal: { status: 400, key: 'invalidInput', errorsFld: fieldErrors(locale, parsed.error) } };
  }
  return { ok: true, data: parsed.data, locale, address, form: read.form, body: read.body, honeypot: false };
}

/** A refusal as the contract's JSON error (with Retry-After on 429). */
export function refusalResponse(locale: Locale, refusal: Refusal): Response {
  const headers: Record<string, string> = refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : {};
  return jsonError(refusal.status, locale, refusal.key, refusal.errorsFld, headers);
}
