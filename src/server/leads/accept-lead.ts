import 'server-only';
import type * as z from 'zod/mini';
import { guardPost, refusalResponse } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { translate } from '../i18n';
import { describeError, getLogger } from '../logger';
import { createLead } from './create-lead';
import type { LeadSummary } from './format-lead';

/**
 * The whole of a JSON lead endpoint: guard, store + queue, answer after the commit.
 * A filled honeypot gets the same success answer and nothing is stored (quiet refusal).
 */
export async function acceptJsonLead<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
  summarize: (input: z.infer<S>, lang: string) => LeadSummary,
): Promise<Response> {
  const guarded = await guardPost(request, schema, 'leadIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const success = () => jsonOk({ success: true }, { successStr: translate(guarded.locale, 'ApiSuccess', 'leadSent') });
  if (guarded.honeypot) {
    getLogger().info({ address: guarded.address }, 'honeypot filled: lead dropped');
    return success();
  }
  try {
    await createLead({
      summary: summarize(guarded.data, guarded.locale),
      payload: guarded.data as Record<string, unknown>,
      clientAddress: guarded.address,
      userAgent: request.headers.get('user-agent') ?? undefined,
    });
  } catch (error) {
    getLogger().error({ err: describeError(error) }, 'lead could not be stored');
    return jsonError(503, guarded.locale, 'unavailable');
  }
  return success();
}
