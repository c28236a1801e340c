import 'server-only';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { getEnv } from '../env';
import { safely } from '../http/safely';
import { deskPath } from './desk-paths';
import { guardDeskGet } from './desk-request';
import { seeOther } from '../http/see-other';
import { exportLeadsCsv } from './lead-export';
import { filterParams, parseLeadFilter } from './lead-filter';
import { recordSecurityEvent } from './security-log';
import { confirmPath, isFreshlyAuthenticated } from './step-up';

/**
 * GET /api/desk/export?{filter}&locale=: the filtered leads as CSV, streamed. A full export (no
 * filter: every lead) needs a password or code given within the last minutes (else the browser
 * goes to the confirmation page, which comes back to the list) and is in the security log.
 */
export async function exportLeads(request: Request) {
  const guarded = await guardDeskGet(request);
  if (!guarded.ok) return guarded.response;
  const { ctx } = guarded;
  const params = new URL(request.url).searchParams;
  const requested = params.get('locale');
  const locale = isLocale(requested) ? requested : ctx.locale;
  const filter = { ...parseLeadFilter(params), viewer: ctx.staff.id };
  const full = filterParams(filter).size === 0;
  if (full && !isFreshlyAuthenticated(ctx.session)) return seeOther(confirmPath({ locale }, deskPath(locale)));
  return safely(locale, async () => {
    if (full) await recordSecurityEvent('export.full', { staffId: ctx.staff.id, ...ctx.meta });
    const body = exportLeadsCsv(await getDb(), filter, getEnv().DESK_WORKING_HOURS, locale);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
