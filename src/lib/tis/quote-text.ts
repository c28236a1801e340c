import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';
import type { TisQuote } from './quote';

/**
 * A quote on one line, for people: `VAG (…), Ford · 3 мес. · 61 500 ₽`. The period is given in
 * words by the caller (a message: «3 мес.», "3 months").
 */
export function tisQuoteText(quote: TisQuote, locale: Locale, period: string): string {
  return [quote.lines.map((line) => line.brand).join(', '), period, formatMoney(quote.total, quote.currency, locale)].join(' · ');
}
