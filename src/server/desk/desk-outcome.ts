import 'server-only';
import type { KeyUnder } from '@/i18n/message-keys';
import { jsonError, jsonOk, type ApiErrorKey } from '../http/json-response';
import { seeOther } from '../http/see-other';
import { translate } from '../i18n';
import { withParam } from './desk-paths';
import type { DeskContext } from './desk-request';

/**
 * What a desk action did: a notice for the page (`done`, with more query parameters for it), or a
 * refusal (`key` a message of Desk.errors, shown on the page, or for JSON under `field`).
 */
export type DeskOutcome =
  | { done: string; params?: Record<string, string>; result?: Record<string, unknown> }
  | { status: number; key: KeyUnder<'Desk', 'errors'>; values?: Record<string, string>; field?: string; apiKey?: ApiErrorKey };

/** The answer to a desk action: a form goes back to `back` (303) with the notice; JSON gets it in the contract's format. */
export function deskOutcomeResponse(ctx: DeskContext, back: string, outcome: DeskOutcome): Response {
  if ('done' in outcome) {
    if (!ctx.form) return jsonOk({ done: outcome.done, ...outcome.result });
    let path = withParam(back, 'done', outcome.done);
    for (const [name, value] of Object.entries(outcome.params ?? {})) path = withParam(path, name, value);
    return seeOther(path);
  }
  if (ctx.form) {
    let path = withParam(back, 'error', outcome.key);
    for (const [name, value] of Object.entries(outcome.values ?? {})) path = withParam(path, name, value);
    return seeOther(path);
  }
  const apiKey = outcome.apiKey ?? (outcome.status === 404 ? 'notFound' : outcome.status === 403 ? 'forbidden' : 'invalidInput');
  const message = translate(ctx.locale, 'Desk', `errors.${outcome.key}`, outcome.values);
  return jsonError(outcome.status, ctx.locale, apiKey, outcome.status === 404 || outcome.status === 403 ? {} : { [outcome.field ?? '_form']: message });
}
