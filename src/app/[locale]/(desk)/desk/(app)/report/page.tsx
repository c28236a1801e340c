import { TextField } from '@/components/dialogs/form-fields';
import { deskFormat, describeWorkingHours } from '@/components/desk/desk-format';
import { deskTranslator } from '@/components/desk/desk-translator';
import { BarChart, WeekLine } from '@/components/desk/report-charts';
import { OwnerBands } from '@/components/desk/report-owners';
import { ReportTable } from '@/components/desk/report-table';
import { localizedPath } from '@/lib/paths';
import { getDb } from '@/server/database';
import { getEnv } from '@/server/env';
import { requireDeskStaff } from '@/server/desk/page-session';
import { deskToday, DIMENSIONS, leadReport } from '@/server/desk/report';
import { parsePeriod, PRESETS, presetRange } from '@/server/desk/report-figures';
import { isLocale } from '@/site/locales.mjs';

const card = 'mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100';

/** Where leads come from and what they bring, over a period of the address (every desk role reads it). */
export default async function DeskReportPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  await requireDeskStaff(locale);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === 'string') query.set(key, value);
  const hours = getEnv().DESK_WORKING_HOURS;
  const today = deskToday(hours);
  const period = parsePeriod(query, today);
  const report = await leadReport(await getDb(), period, hours);
  const t = await deskTranslator(locale);
  const format = deskFormat(locale, hours.timeZone);
  const here = localizedPath(locale, 'desk/report');
  const csv = (table: string) => `/api/desk/report?${new URLSearchParams({ table, from: period.from, to: period.to, locale })}`;
  const columns = Object.fromEntries(['leads', 'contacted', 'median', 'p90', 'invoices', 'invoiced', 'payments', 'paid'].map((column) => [column, t(`report.columns.${column}` as never)])) as Parameters<typeof ReportTable>[0]['text']['columns'];
  const csvLink = (table: string) => (
    <a href={csv(table)} download className="text-sm font-semibold text-brand-700 underline">
      {t('report.csv')}
    </a>
  );
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{t('report.title')}</h1>
      <p className="mb-4 max-w-3xl text-muted">{t('report.intro', { hours: describeWorkingHours(hours, locale) })}</p>
      <section className={card} aria-labelledby="report-period">
        <h2 id="report-period" className="sr-only">{t('report.period')}</h2>
        <nav aria-label={t('report.period')} className="mb-3 flex flex-wrap gap-2">
          {PRESETS.map((preset) => {
            const range = presetRange(preset, today);
            const chosen = period.presets.includes(preset);
            return (
              <a key={preset} href={`${here}?${new URLSearchParams(range)}`} aria-current={chosen ? 'page' : undefined} className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-brand-200 ${chosen ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`}>
                {t(`report.presets.${preset}`)}
              </a>
            );
          })}
        </nav>
        <form id="report-period" method="get" action={here} className="flex flex-wrap items-end gap-3">
          <TextField form="report-period" name="from" type="date" label={t('report.from')} defaultValue={period.from} required />
          <TextField form="report-period" name="to" type="date" label={t('report.to')} defaultValue={period.to} required />
          <button type="submit" className="btn-primary">{t('report.show')}</button>
        </form>
        <p className="mt-3 font-semibold text-brand-900" aria-live="polite">
          {t('report.range', { from: format.calendarDay(period.from), to: format.calendarDay(period.to) })}: {t('report.total', { leads: report.total.leads, contacted: report.total.contacted })}
        </p>
      </section>
      {DIMENSIONS.map((dimension) => {
        const id = `report-${dimension}`;
        const title = t(`report.tables.${dimension}`);
        const none = t(`report.none.${dimension}`);
        return (
          <section key={dimension} className={card} aria-labelledby={`${id}-title`}>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900">{title}</h2>
              {csvLink(dimension)}
            </div>
            {dimension === 'source' ? <p className="mb-3 text-sm text-muted">{t('report.sourceHelp')}</p> : null}
            {report.tables[dimension].length ? (
              <>
                <BarChart title={t('report.chartTitle', { title })} tableId={`${id}-table`} rows={report.tables[dimension].map((row) => ({ key: row.key ?? '', label: row.key ?? none, value: row.leads }))} />
                <ReportTable id={`${id}-table`} caption={title} rows={report.tables[dimension]} text={{ key: t(`report.keys.${dimension}`), none, columns }} format={format} />
              </>
            ) : (
              <p className="text-muted">{t('report.empty')}</p>
            )}
          </section>
        );
      })}
      <OwnerBands locale={locale} owners={report.owners} csv={csvLink('owners')} />
      <section className={card} aria-labelledby="report-weeks-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="report-weeks-title" className="text-lg font-bold text-brand-900">{t('report.weeks.title')}</h2>
          {csvLink('weeks')}
        </div>
        {report.weeks.some((week) => week.leads) ? (
          <>
            <WeekLine title={t('report.chartTitle', { title: t('report.weeks.title') })} tableId="report-weeks-table" weeks={report.weeks.map((week) => ({ ...week, label: format.calendarDay(week.start) }))} />
            <div className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="group" aria-labelledby="report-weeks-caption">
              <table id="report-weeks-table" className="text-sm">
                <caption id="report-weeks-caption" className="sr-only">{t('report.weeks.title')}</caption>
                <thead>
                  <tr className="text-muted">
                    <th scope="col" className="px-2 py-1 text-left">{t('report.weeks.week')}</th>
                    <th scope="col" className="px-2 py-1 text-right">{t('report.weeks.leads')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.weeks.map((week) => (
                    <tr key={week.start} className="border-t border-brand-50" data-week={week.start}>
                      <th scope="row" className="px-2 py-1 text-left font-normal">{format.calendarDay(week.start)}</th>
                      <td className="px-2 py-1 text-right tabular-nums">{week.leads}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="text-muted">{t('report.empty')}</p>
        )}
      </section>
    </>
  );
}
