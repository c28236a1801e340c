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
