import type { Locale } from '@/site/locales.mjs';

const formats = new Map<string, Intl.NumberFormat>();

/** A whole amount of money as the locale writes it: `19 000 ₽`, `€200`. */
export function formatMoney(value: number, currency: 'RUB' | 'EUR', locale: Locale): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
    formats.set(key, format);
  }
  return format.format(value);
}

const exactFormats = new Map<string, Intl.NumberFormat>();

/** Kopecks as roubles and kopecks, as the locale writes them: `42 900,00 ₽`, `RUB 42,900.00` (an invoice's amounts). */
export function formatKopecks(kopecks: number, locale: Locale): string {
  let format = exactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    exactFormats.set(locale, format);
  }
  return format.format(kopecks / 100);
}
