import type { Locale } from '@/lib/locales';

/** Dates and durations as the desk shows them, in the sales team's time zone. */
export function deskFormat(locale: Locale, timeZone: string) {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' });
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'short' });
  return {
    dateTime: (value: Date | number) => dateTime.format(value),
    day: (value: Date | number) => day.format(value),
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
