import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { HashingBusyError } from '../auth/passwords';
import { describeError, getLogger } from '../logger';
import { jsonError } from './json-response';

/**
 * Runs a handler's work; an unexpected failure (database down…) is logged and answered 503, never a
 * stack trace; a full password-hashing queue is 503 with Retry-After.
 */
export async function safely(locale: Locale, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HashingBusyError) {
      getLogger().warn('password hashing queue full: request refused');
      const busy = jsonError(503, locale, 'unavailable');
      busy.headers.set('Retry-After', '5');
      return busy;
    }
    getLogger().error({ err: describeError(error) }, 'request failed');
    return jsonError(503, locale, 'unavailable');
  }
}
