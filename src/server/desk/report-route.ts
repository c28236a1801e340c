import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { isLocale } from '@/site/locales.mjs';
import { getDb } from '@/server/database';
import { getEnv } from '../env';
import { jsonError } from '../http/json-response';
import { safely } from '../http/safely';
import type { KeyUnder } from '@/i18n/message-keys';
import { translate } from '../i18n';
import { guardDeskGet } from './desk-request';
import { deskToday, DIMENSIONS, leadReport } from './report';
import { isReportTable, reportCsv, type ReportCsvText } from './report-csv';
import { BANDS, parsePeriod } from './report-figures';

const COLUMNS = ['leads', 'contacted', 'median', 'p90', 'invoices', 'invoiced', 'payments', 'paid'] as const;

/** The CSV's words in the desk's language (the same keys the page shows). */
function reportCsvText(locale: Locale): ReportCsvText {
  const t = (key: KeyUnder<'Desk', 'report'>) => translate(locale, 'Desk', `report.${key}`);
  const perDimension = (group: 'keys' | 'none') => Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, t(`${group}.${dimension}`)])) as ReportCsvText['key'];
  return {
    key: perDimension('keys'),
    none: perDimension('none'),
    columns: Object.fromEntries(COLUMNS.map((column) => [column, t(`columns.${column}`)])) as ReportCsvText['columns'],
    person: t('owners.person'),
    unowned: t('owners.unowned'),
    waiting: t('owners.waiting'),
    bands: Object.fromEntries(BANDS.map((band) => [band.id, t(`bands.${band.id}`)])) as ReportCsvText['bands'],
    week: t('weeks.week'),
  };
}

/**
 * GET /api/desk/report?table=source|campaign|page|product|owners|weeks&from=&to=&locale=: one
 * table of the report as CSV, for the same period as the page. Every desk role may read it.
 */
export async function exportReport(request: Request) {
  const guarded = await guardDeskGet(request);
  if (!guarded.ok) return guarded.response;
  const params = new URL(request.url).searchParams;
  const requested = params.get('locale');
  const locale = isLocale(requested) ? requested : guarded.ctx.locale;
  const table = params.get('table');
  if (!isReportTable(table)) return jsonError(404, locale, 'notFound');
  return safely(locale, async () => {
    const hours = getEnv().DESK_WORKING_HOURS;
    const period = parsePeriod(params, deskToday(hours));
    const report = await leadReport(await getDb(), period, hours);
    return new Response(reportCsv(report, table, reportCsvText(locale)), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${table}-${period.from}-${period.to}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
