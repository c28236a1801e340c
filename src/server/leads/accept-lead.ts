import 'server-only';
import type * as z from 'zod/mini';
import { guardPost } from '../http/guard';
import { refusalResponse } from '../http/read-post';
import { jsonError, jsonOk } from '../http/json-response';
import { translate } from '../i18n';
import { storeLead, type LeadOf } from './store-lead';

/**
 * The whole of a JSON lead endpoint: guard, store + queue (storeLead), answer after the commit.
 * A filled honeypot gets the same success answer and nothing is stored (quiet refusal).
 */
export async function acceptJsonLead<S extends z.ZodMiniType<Record<string, unknown>>>(
  request: Request,
  schema: S,
  of: LeadOf<z.infer<S>>,
  /** The success text: the one its dialog confirms with (the buy/demo dialog promises 10 minutes). */
  success: 'leadSent' | 'buyDemoSent' = 'leadSent',
): Promise<Response> {
  const guarded = await guardPost(request, schema, 'leadIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const outcome = await storeLead(request, guarded, of);
  if (outcome === 'unavailable') return jsonError(503, guarded.locale, 'unavailable');
  return jsonOk({ success: true }, { successStr: translate(guarded.locale, 'ApiSuccess', success) });
}
