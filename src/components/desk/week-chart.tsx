import type { Locale } from '@/site/locales.mjs';
import type { DeskSummary } from '@/server/desk/summary';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/**
 * A bar per week: the share contacted within 10 minutes (height), with the week's leads and median
 * written under it. Plain markup, so a screen reader reads it as a list of weeks.
 */
export async function WeekChart({ locale, weeks, format }: { locale: Locale; weeks: DeskSummary['weeks']; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  return (
    // Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
    <ol className="flex items-end gap-2 overflow-x-auto pb-2 focus-visible:outline-2 focus-visible:outline-brand-600" aria-label={t('summary.weeks')} tabIndex={0}>
      {weeks.map((week) => {
        const share = week.withinShare;
        const [year, month, day] = week.start.split('-').map(Number) as [number, number, number];
        return (
          <li key={week.start} className="flex min-w-16 flex-1 flex-col items-center gap-1 text-xs">
            <span className="font-semibold">{share === undefined ? '—' : percent.format(share)}</span>
            <span aria-hidden="true" className="flex h-28 w-full max-w-12 items-end rounded bg-brand-50">
              <span className={`w-full rounded ${share !== undefined && share >= 0.9 ? 'bg-green-700' : 'bg-accent-500'}`} style={{ height: `${Math.round((share ?? 0) * 100)}%` }} />
            </span>
            <span className="text-center text-muted">
              {t('summary.week', { date: format.day(Date.UTC(year, month - 1, day, 12)) })}
              <br />
              {week.leads} · {week.medianMs === undefined ? '—' : format.duration(week.medianMs)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
