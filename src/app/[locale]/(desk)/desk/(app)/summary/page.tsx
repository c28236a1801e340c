import { deskFormat, describeWorkingHours } from '@/components/desk/desk-format';
import { deskTranslator } from '@/components/desk/desk-translator';
import { WeekChart } from '@/components/desk/week-chart';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { LEAD_KINDS } from '@/server/desk/lead-filter';
import { requireDeskStaff } from '@/server/desk/page-session';
import { renderTime } from '@/server/desk/contact-promise';
import { deskSummary, SUMMARY_WEEKS } from '@/server/desk/summary';

/** The 10-minute promise, measured: medians and shares in working hours, leads per day, the waiting ones. */
export default async function DeskSummaryPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  await requireDeskStaff(locale);
  const env = getEnv();
  const hours = env.DESK_WORKING_HOURS;
  const summary = await deskSummary(await getDb(), hours, renderTime());
  const t = await deskTranslator(locale);
  const format = deskFormat(locale, hours.timeZone);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100';
  const hoursText = describeWorkingHours(hours, locale);
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{t('summary.title')}</h1>
      <p className="mb-6 text-muted">
        {t('summary.intro', { hours: hoursText })} {t('summary.period', { weeks: SUMMARY_WEEKS })}
      </p>
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        {[
          [t('summary.median'), summary.overall.medianMs === undefined ? t('summary.noData') : format.duration(summary.overall.medianMs)],
          [t('summary.within'), summary.overall.withinShare === undefined ? t('summary.noData') : percent.format(summary.overall.withinShare)],
          [t('summary.waiting'), String(summary.waiting.length)],
        ].map(([label, value]) => (
          <div key={label} className={card}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-bold text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.waiting.length ? (
        <section className={`${card} mb-6 ring-2 ring-red-600`} aria-labelledby="summary-waiting">
          <h2 id="summary-waiting" className="mb-2 text-lg font-bold text-red-800">
            {t('summary.waiting')}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {summary.waiting.map((lead) => (
              <li key={lead.id}>
                <a href={localizedPath(locale, `desk/leads/${lead.id}`)} className="font-semibold text-brand-700 underline">
                  {lead.name || t('list.unnamed')}
                </a>{' '}
                · {t.pick('kinds', lead.kind)} · {format.duration(lead.waitedMs)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={`${card} mb-6`} aria-labelledby="summary-weeks">
        <h2 id="summary-weeks" className="mb-3 text-lg font-bold text-brand-900">
          {t('summary.weeks')}
        </h2>
        <WeekChart locale={locale} weeks={summary.weeks} format={format} />
      </section>
      {/* Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too. */}
      <section className={`${card} overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600`} aria-labelledby="summary-days" tabIndex={0}>
        <h2 id="summary-days" className="mb-3 text-lg font-bold text-brand-900">
          {t('summary.perDay')}
        </h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 pr-3">{t('summary.date')}</th>
              {LEAD_KINDS.map((kind) => (
                <th key={kind} scope="col" className="py-1 pr-3">{t.pick('kinds', kind)}</th>
              ))}
              <th scope="col" className="py-1">{t('summary.total')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.days.map((day) => (
              <tr key={day.date} className="border-t border-brand-50">
                <th scope="row" className="py-1 pr-3 text-left font-normal">{day.date}</th>
                {LEAD_KINDS.map((kind) => (
                  <td key={kind} className="py-1 pr-3">{day.counts[kind] ?? 0}</td>
                ))}
                <td className="py-1 font-semibold">{day.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
