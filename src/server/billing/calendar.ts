/*
 * Dates of invoices and subscriptions: calendar days in Moscow time (`YYYY-MM-DD`), as a Russian
 * invoice is dated and a period is counted, whatever the server's own time zone.
 */

const MOSCOW = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Moscow calendar day of an instant: `2026-11-27`. */
export function moscowDay(at: Date = new Date()): string {
  return MOSCOW.format(at);
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

const written = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return written(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The day a period of `months` that starts on `day` ends (its last day): 2026-01-31 + 1 month ends
 * on 2026-02-28, the day before 2026-03-01 (a month from the 31st is the month's last day).
 */
export function periodEnd(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastOfTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const sameDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastOfTarget)));
  return addDays(written(sameDay), -1);
}

const DAY_FORMATS = {
  ru: new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A calendar day as a letter writes it: `27.02.2027`, `27 February 2027`. */
export function displayDay(day: string, locale: 'ru' | 'en'): string {
  return DAY_FORMATS[locale].format(new Date(`${day}T00:00:00Z`));
}
