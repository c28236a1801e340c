import 'server-only';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { getEnv } from '../env';
import { safely } from '../http/safely';
import { deskPath } from './desk-paths';
import { guardDeskGet } from './desk-request';
import { seeOther } from '../http/see-other';
import { exportLeadsCsv, exportLeadsXlsx } from './lead-export';
import { filterParams, parseLeadFilter, withDefaultOwner } from './lead-filter';
import { recordSecurityEvent } from './security-log';
import { confirmPath, isFreshlyAuthenticated } from './step-up';

/**
 * GET /api/desk/export?{filter}&locale=[&format=xlsx]: the filtered leads as CSV (or, with
 * `format=xlsx`, an Excel workbook of the same rows with typed cells), streamed, times in the desk's
 * zone. Either way the same checks: a full export (no
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
  // The list's export link names its owner filter; an address without one exports every owner's.
  const parsed = parseLeadFilter(params);
  const filter = withDefaultOwner({ ...parsed, owner: parsed.owner ?? 'all' }, ctx.staff);
  // Every owner's leads is no narrowing: with nothing else it is every lead.
  const narrowing = filterParams(filter);
  if (filter.owner === 'all') narrowing.delete('owner');
  const full = narrowing.size === 0;
  if (full && !isFreshlyAuthenticated(ctx.session)) return seeOther(confirmPath({ locale }, deskPath(locale)));
  return safely(locale, async () => {
    const xlsx = params.get('format') === 'xlsx';
    if (full) await recordSecurityEvent('export.full', { staffId: ctx.staff.id, ...ctx.meta, ...(xlsx ? { detail: { format: 'xlsx' } } : {}) });
    const hours = getEnv().DESK_WORKING_HOURS;
    const db = await getDb();
    const body = xlsx ? exportLeadsXlsx(db, filter, hours, locale) : exportLeadsCsv(db, filter, hours, locale);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'Content-Type': xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${day}.${xlsx ? 'xlsx' : 'csv'}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
