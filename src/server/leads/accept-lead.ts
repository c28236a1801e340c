import 'server-only';
import type * as z from 'zod/mini';
import { guardPost, refusalResponse } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { translate } from '../i18n';
import type { LeadSummary } from './format-lead';
import { storeLead } from './store-lead';

/**
 * The whole of a JSON lead endpoint: guard, store + queue (storeLead), answer after the commit.
 * A filled honeypot gets the same success answer and nothing is stored (quiet refusal).
 */
export async function acceptJsonLead<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  summarize: (input: z.infer<S>, lang: string) => LeadSummary,
): Promise<Response> {
  const guarded = await guardPost(request, schema, 'leadIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const outcome = await storeLead(request, guarded, summarize);
  if (outcome === 'unavailable') return jsonError(503, guarded.locale, 'unavailable');
  return jsonOk({ success: true }, { successStr: translate(guarded.locale, 'ApiSuccess', 'leadSent') });
}
