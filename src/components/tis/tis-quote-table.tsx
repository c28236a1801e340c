'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';
import type { TisQuote } from '@/lib/tis/quote';

/** The set's lines and total, each from the price list (quoteTis); the monthly column from 640 px up. */
export function TisQuoteTable({ quote }: { quote: TisQuote }) {
  const t = useTranslations('TisCalculator');
  const locale = useLocale() as Locale;
  const money = (value: number) => formatMoney(value, quote.currency, locale);
  const period = t('months', { months: quote.months });
  if (!quote.lines.length) return <p className="mt-3 text-muted">{t('empty')}</p>;
  return (
    <table className="mt-3 w-full border-collapse text-left text-sm sm:text-base">
      <thead>
        <tr className="border-b border-brand-100 text-muted">
          <th scope="col" className="py-2 pr-2 font-semibold">{t('colBrand')}</th>
          <th scope="col" className="hidden px-2 py-2 text-right font-semibold whitespace-nowrap sm:table-cell">{t('colPerMonth')}</th>
          <th scope="col" className="py-2 pl-2 text-right font-semibold sm:whitespace-nowrap">{t('colAmount', { period })}</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.id} className="border-b border-brand-100">
            <th scope="row" className="py-2 pr-2 font-medium text-ink">{line.brand}</th>
            <td className="hidden px-2 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">{money(line.perMonth)}</td>
            <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{money(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="py-3 pr-2 text-lg font-bold text-brand-900">{t('total')}</th>
          <td className="hidden sm:table-cell" />
          <td className="py-3 pl-2 text-right text-lg font-extrabold whitespace-nowrap text-ink tabular-nums">{money(quote.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
