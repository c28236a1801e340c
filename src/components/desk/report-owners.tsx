import type { ReactNode } from 'react';
import type { Locale } from '@/site/locales.mjs';
import type { OwnerRow } from '@/server/desk/report';
import { BANDS, bucketText } from '@/server/desk/report-figures';
import { deskTranslator } from './desk-translator';

const cell = 'px-2 py-1 text-right tabular-nums';

/** Response time per person in bands of working minutes, unowned leads in a row of their own. */
export async function OwnerBands({ locale, owners, csv }: { locale: Locale; owners: OwnerRow[]; csv: ReactNode }) {
  const t = await deskTranslator(locale);
  return (
    <section className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="report-owners-title">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="report-owners-title" className="text-lg font-bold text-brand-900">{t('report.owners.title')}</h2>
        {csv}
      </div>
      <p className="mb-3 text-sm text-muted">{t('report.owners.intro')}</p>
      {owners.length ? (
        <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="group" aria-labelledby="report-owners-title">
          <table id="report-owners-table" className="w-full text-sm">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="px-2 py-1 text-left">{t('report.owners.person')}</th>
                <th scope="col" className="px-2 py-1 text-right">{t('report.columns.leads')}</th>
                <th scope="col" className="px-2 py-1 text-right">{t('report.columns.median')}</th>
                {BANDS.map((band) => (
                  <th key={band.id} scope="col" className="px-2 py-1 text-right whitespace-nowrap">{t(`report.bands.${band.id}`)}</th>
                ))}
                <th scope="col" className="px-2 py-1 text-right">{t('report.owners.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {owners.map((owner) => (
                <tr key={owner.ownerId ?? ''} className="border-t border-brand-50">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{owner.name ?? <span className="text-muted italic">{t('report.owners.unowned')}</span>}</th>
                  <td className={`${cell} font-semibold`}>{owner.leads}</td>
                  <td className={`${cell} whitespace-nowrap`}>{owner.median === undefined ? '—' : bucketText(owner.median)}</td>
                  {BANDS.map((band) => (
                    <td key={band.id} className={cell}>{owner.bands[band.id]}</td>
                  ))}
                  <td className={cell}>{owner.leads - owner.contacted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-muted">{t('report.empty')}</p>
      )}
    </section>
  );
}
