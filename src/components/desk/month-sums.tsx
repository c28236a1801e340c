import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { MonthSums } from '@/server/desk/invoice-list';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** Issued and paid per month (sums from the database, in kopecks), each month a link to its invoices. */
export async function MonthSumsTable({ locale, months, format, selected }: { locale: Locale; months: MonthSums[]; format: DeskFormat; selected?: string }) {
  const t = await deskTranslator(locale);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const cell = 'py-1.5 pr-3 text-right tabular-nums';
  return (
    <section className="mb-6 overflow-x-auto rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600" aria-labelledby="invoice-months" tabIndex={0}>
      <h2 id="invoice-months" className="text-lg font-bold text-brand-900">
        {t('invoices.months.title')}
      </h2>
      <p className="mb-2 text-sm text-muted">{t('invoices.months.intro')}</p>
      {months.length ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 pr-3 text-left">{t('invoices.months.month')}</th>
              <th scope="col" className="py-1 pr-3 text-right">{t('invoices.months.issued')}</th>
              <th scope="col" className="py-1 pr-3 text-right">{t('invoices.months.paid')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((row) => (
              <tr key={row.month} className={`border-t border-brand-50 ${row.month === selected ? 'bg-brand-50' : ''}`}>
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                  <a href={`${localizedPath(locale, 'desk/invoices')}?month=${row.month}`} className="text-brand-700 underline" aria-current={row.month === selected ? 'true' : undefined}>
                    {monthName.format(new Date(`${row.month}-01T00:00:00Z`))}
                  </a>
                </th>
                <td className={cell}>
                  <span className="block font-semibold">{format.money(row.issuedKopecks)}</span>
                  <span className="text-xs text-muted">{t('invoices.months.count', { count: row.issuedCount })}</span>
                </td>
                <td className={cell}>
                  <span className="block font-semibold text-green-800">{format.money(row.paidKopecks)}</span>
                  <span className="text-xs text-muted">{t('invoices.months.count', { count: row.paidCount })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted">{t('invoices.months.empty')}</p>
      )}
    </section>
  );
}
