import type { StatementImport } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** The latest uploads: when, who, which file, and what each gave. */
export async function StatementImports({ locale, imports, format }: { locale: Locale; imports: Array<{ record: StatementImport; email: string | null }>; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  return (
    <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="statement-imports">
      <h2 id="statement-imports" className="mb-2 text-lg font-bold text-brand-900">
        {t('invoices.imports.title')}
      </h2>
      {imports.length ? (
        <ul className="flex flex-col text-sm">
          {imports.map(({ record, email }) => (
            <li key={record.id} className="border-t border-brand-50 py-2 first:border-t-0">
              <p>
                <time dateTime={record.createdAt.toISOString()} className="font-semibold">
                  {format.dateTime(record.createdAt)}
                </time>
                {' · '}
                <span className="break-all">{email ?? '—'}</span>
                {record.fileName ? (
                  <>
                    {' · '}
                    <span className="break-all">{record.fileName}</span>
                  </>
                ) : null}
              </p>
              <p className="text-muted">{t('invoices.imports.counts', { ...record.counts })}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">{t('invoices.imports.empty')}</p>
      )}
    </section>
  );
}
