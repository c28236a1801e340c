import { getTranslations } from 'next-intl/server';
import { currentTisPrices, previousTisPrices, type TisPriceRow } from '@/content/tis-prices';
import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';

/** The TIS price list, current and previous, as two captioned tables. */
export async function TisPriceList({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'TisPrices' });
  const money = (value: number, currency: 'RUB' | 'EUR') => formatMoney(value, currency, locale);
  const edition = (row: TisPriceRow) => (row.edition.kind === 'offline' ? t('offline', { year: row.edition.year }) : t('dealerOnline'));

  const table = (rows: readonly TisPriceRow[], caption: string, id: string) => (
    <div className="mt-6 overflow-x-auto rounded-lg border border-brand-100" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption id={id} className="bg-brand-50 px-4 py-3 text-left text-base font-semibold text-brand-900">
          {caption}
        </caption>
        <thead className="bg-brand-900 text-white">
          <tr>
            <th scope="col" className="px-4 py-2">{t('brand')}</th>
            <th scope="col" className="px-4 py-2">{t('edition')}</th>
            <th scope="col" className="px-4 py-2">{t('languages')}</th>
            <th scope="col" className="px-4 py-2 text-right">{t('rub')}</th>
            <th scope="col" className="px-4 py-2 text-right">{t('eur')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.brand}-${edition(row)}`} className="border-t border-brand-100 even:bg-brand-50/50">
              <th scope="row" className="px-4 py-2 font-medium text-ink">
                {row.brand}
                {row.altName ? (
                  <span lang="ru" className="block text-xs font-normal text-muted">
                    {row.altName}
                  </span>
                ) : null}
              </th>
              <td className="px-4 py-2">{edition(row)}</td>
              <td className="px-4 py-2">{row.languages.join(', ')}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(row.rubPerMonth, 'RUB')}</td>
              <td className="px-4 py-2 text-right tabular-nums">{money(row.eurPerMonth, 'EUR')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <section id="prices" aria-labelledby="tis-prices-heading" className="mt-10">
      <h2 id="tis-prices-heading" className="text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted">{t('note')}</p>
      {table(currentTisPrices, t('current'), 'tis-current')}
      {table(previousTisPrices, t('previous'), 'tis-previous')}
    </section>
  );
}
