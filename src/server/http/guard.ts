import 'server-only';
import type * as z from 'zod/mini';
import { isLocale, type Locale } from '@/site/locales.mjs';
import { requestAddress, requestCountry } from '../geo';
import { phoneCountryOf, withPhoneInE164 } from '../phone/phone';
import { isHoneypotFilled } from './honeypot';
import { fieldErrors } from './json-response';
import { consume, type LimiterName } from './rate-limit';
import { readPost, type Refusal } from './read-post';
import { addressKey } from './address-key';
import { countRefusal } from '../metrics';

export type Guarded<T> =
  | { ok: true; data: T; locale: Locale; address?: string; form: boolean; body: Record<string, unknown>; honeypot: false }
  | { ok: true; locale: Locale; address?: string; form: boolean; body: Record<string, unknown>; honeypot: true }
  | { ok: false; locale: Locale; form: boolean; refusal: Refusal; body?: Record<string, unknown> };

/**
 * The checks every public POST goes through, in order: the start of every post (readPost: same
 * origin 403, body size, type and syntax 413, 415, 400), rate limit per client address (429),
 * honeypot, schema (400).
 * Unknown fields are ignored (the schemas strip them). Before the schema, `phone` becomes E.164:
 * a national number is read in the form's `phone_country`, else the visitor's country, else the
 * language's (src/server/phone/phone.ts); one that is not valid there stays, and is refused.
 */
export async function guardPost<S extends z.ZodMiniType>(request: Request, schema: S, limiter: LimiterName): Promise<Guarded<z.infer<S>>> {
  const read = await readPost(request);
  const { form } = read;
  // A form posted without scripts is answered in its page's language (its `lang`), not the browser's.
  const locale = read.ok && form && isLocale(read.body.lang) ? read.body.lang : read.locale;
  if (!read.ok) {
    countRefusal(read.refusal.key === 'crossOrigin' ? 'cross_site' : read.refusal.key === 'tooLarge' ? 'too_large' : 'malformed');
    return { ok: false, locale, form, refusal: read.refusal };
  }

  const address = requestAddress(request.headers);
  const limit = await consume(limiter, addressKey(address));
  if (!limit.ok) {
    countRefusal('rate_limit');
    return { ok: false, locale, form, body: read.body, refusal: { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter } };
  }

  if (isHoneypotFilled(read.body)) {
    countRefusal('honeypot');
    return { ok: true, locale, address, form, body: read.body, honeypot: true };
  }

  const body = typeof read.body.phone === 'string' ? withPhoneInE164(read.body, phoneCountryOf(read.body.phone_country, requestCountry(request.headers), locale)) : read.body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    countRefusal('validation');
    return { ok: false, locale, form, body: read.body, refusal: { status: 400, key: 'invalidInput', errorsFld: fieldErrors(locale, parsed.error) } };
  }
  return { ok: true, data: parsed.data, locale, address, form, body: read.body, honeypot: false };
}
