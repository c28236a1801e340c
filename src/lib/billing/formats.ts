import { LOCALE_TAGS, type Locale } from '@/site/locales.mjs';
import { kopecksOf } from './invoice';

/*
 * Amounts and dates of invoices as a page shows them: kopecks (or the API's roubles, "47400.00")
 * as `47 400,00 ₽` / `RUB 47,400.00`, and the API's `YYYY-MM-DD` as a date of the calendar
 * (`27 ноября 2026 г.`), never shifted by the browser's time zone.
 */

const money = new Map<Locale, Intl.NumberFormat>();
const dates = new Map<Locale, Intl.DateTimeFormat>();

export function kopecksText(kopecks: number, locale: Locale): string {
  let format = money.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    money.set(locale, format);
  }
  return format.format(kopecks / 100);
}

/** The API's amount (`"47400.00"`) as the page writes it; a value that is not one, as it came. */
export function roublesText(roubles: string, locale: Locale): string {
  const kopecks = kopecksOf(roubles);
  return kopecks === undefined ? roubles : kopecksText(kopecks, locale);
}

/** A calendar date `YYYY-MM-DD` in words; a value that is not one, as it came. */
export function dayText(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  let format = dates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dates.set(locale, format);
  }
  return format.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Moscow calendar day of a moment (an ISO time: when an invoice was paid), in words, as the invoices' dates are kept. */
export function momentDayText(iso: string, locale: Locale): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dayText(moscowDay.format(time), locale);
}
