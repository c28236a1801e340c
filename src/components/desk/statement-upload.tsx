import type { StatementImport } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

const COUNTS = ['new', 'matched', 'unmatched', 'mismatch', 'repeated', 'skipped'] as const;

/** What the last import found, after its redirect (`?done=statementImported&import=<id>`). */
export async function ImportResult({ locale, record, earlier, format }: { locale: Locale; record: StatementImport; earlier?: Date; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  return (
    <section className="mb-6 rounded-xl bg-green-50 p-4 ring-1 ring-green-200" aria-labelledby="import-result" data-import-result>
      <h2 id="import-result" className="mb-2 text-lg font-bold text-green-900">
        {t('invoices.result.title')}
        {record.fileName ? <span className="ml-2 text-sm font-normal break-all text-muted">{record.fileName}</span> : null}
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {COUNTS.map((key) => (
          <div key={key} className="rounded-lg bg-white p-2" data-count={key}>
            <dt className="text-muted">{t(`invoices.result.${key}`)}</dt>
            <dd className="text-xl font-bold text-brand-900 tabular-nums">{record.counts[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted">
        {t('invoices.result.encoding', { encoding: record.encoding })}
        {earlier ? ` ${t('invoices.result.sameFile', { date: format.dateTime(earlier) })}` : ''}
      </p>
    </section>
  );
}

/** The statement upload: a file as the bank exports it, posted as a form (no script needed). */
export async function StatementUpload({ locale, account }: { locale: Locale; account?: string }) {
  const t = await deskTranslator(locale);
  const card = 'mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100';
  if (!account) return <p className={`${card} text-muted`}>{t('invoices.import.off')}</p>;
  return (
    <form method="post" action={`/api/desk/invoices/import?locale=${locale}`} encType="multipart/form-data" className={`${card} flex flex-col gap-3`} aria-labelledby="statement-upload">
      <h2 id="statement-upload" className="text-lg font-bold text-brand-900">
        {t('invoices.import.title')}
      </h2>
      <p className="text-sm text-muted">{t('invoices.import.intro', { account })}</p>
      <input type="hidden" name="locale" value={locale} />
      <div>
        <label htmlFor="statement-file" className="mb-1 block text-sm font-semibold text-ink">
          {t('invoices.import.file')}
        </label>
        <input
          id="statement-file"
          name="statement"
          type="file"
          accept=".txt,text/plain"
          required
          className="block w-full max-w-full text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        />
      </div>
      <div>
        <button type="submit" className="btn-primary">
          {t('invoices.import.submit')}
        </button>
      </div>
    </form>
  );
}
