import 'server-only';
import type { Locale } from '@/lib/locales';
import { describeError, getLogger } from '../logger';
import { jsonError } from './json-response';

/** Runs a handler's work; an unexpected failure (database down…) is logged and answered 503, never a stack trace. */
export async function safely(locale: Locale, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    getLogger().error({ err: describeError(error) }, 'request failed');
    return jsonError(503, locale, 'unavailable');
  }
}
