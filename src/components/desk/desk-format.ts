import type { Locale } from '@/site/locales.mjs';
import type { WorkingHours } from '@/server/desk/working-hours';

/** Dates and durations as the desk shows them, in the sales team's time zone. */
export function deskFormat(locale: Locale, timeZone: string) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' });
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'short' });
  const calendar = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' });
  const roubles = new Intl.NumberFormat(locale, { style: 'currency', currency: 'RUB', minimumFractionDigits: 2 });
  const integer = new Intl.NumberFormat(locale);
  return {
    dateTime: (value: Date | number) => dateTime.format(value),
    /** A whole number with the language's grouping: `10 000`, `10,000`. */
    count: (value: number) => integer.format(value),
    day: (value: Date | number) => day.format(value),
    /** A calendar day as stored (`2026-05-15`), shown as a date without moving it across zones. */
    calendarDay: (value: string) => calendar.format(new Date(`${value}T00:00:00Z`)),
    /** Kopecks as money: `47 400,00 ₽`, `RUB 47,400.00`. */
    money: (kopecks: number) => roubles.format(kopecks / 100),
    /** `7 min`, `3 h 05 min`, `2 d 4 h`. */
    duration(ms: number): string {
      const total = Math.max(0, Math.floor(ms / 60_000));
      if (total < 60) return minutes.format(total);
      if (total < 24 * 60) return `${hours.format(Math.floor(total / 60))} ${minutes.format(total % 60)}`;
      return `${days.format(Math.floor(total / 1440))} ${hours.format(Math.floor((total % 1440) / 60))}`;
    },
  };
}

export type DeskFormat = ReturnType<typeof deskFormat>;

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** `Mon, Tue, Wed, Thu, Fri 09:00–18:00, Europe/Moscow` in the desk's language. */
export function describeWorkingHours(hours: WorkingHours, locale: Locale): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 7 January 2024 was a Sunday: day 0 of the setting.
  const days = [...hours.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((day) => weekday.format(Date.UTC(2024, 0, 7 + day)));
  return `${days.join(', ')} ${clock(hours.openMinute)}–${clock(hours.closeMinute)}, ${hours.timeZone}`;
}
