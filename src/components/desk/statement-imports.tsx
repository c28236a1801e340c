import type { StatementImport } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** The latest uploads: when, who, which file, and what each gave. */
export async function StatementImports({ locale, imports, format }: { locale: Locale; imports: Array<{ record: StatementImport; email: string | null }>; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  return (
    <section className="mt-6 overflow-x-auto rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600" aria-labelledby="statement-imports" tabIndex={0}>
      <h2 id="statement-imports" className="mb-2 text-lg font-bold text-brand-900">
        {t('invoices.imports.title')}
      </h2>
      {imports.length ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 pr-3">{t('invoices.imports.when')}</th>
              <th scope="col" className="py-1 pr-3">{t('invoices.imports.who')}</th>
              <th scope="col" className="py-1 pr-3">{t('invoices.imports.file')}</th>
              <th scope="col" className="py-1">{t('invoices.imports.counts')}</th>
            </tr>
          </thead>
          <tbody>
            {imports.map(({ record, email }) => (
              <tr key={record.id} className="border-t border-brand-50 align-top">
                <td className="py-1.5 pr-3 whitespace-nowrap">{format.dateTime(record.createdAt)}</td>
                <td className="py-1.5 pr-3 break-all">{email ?? '—'}</td>
                <td className="py-1.5 pr-3 break-all">{record.fileName ?? '—'}</td>
                <td className="py-1.5 tabular-nums">{[record.counts.new, record.counts.matched, record.counts.unmatched, record.counts.mismatch, record.counts.repeated].join(' / ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted">{t('invoices.imports.empty')}</p>
      )}
    </section>
  );
}
