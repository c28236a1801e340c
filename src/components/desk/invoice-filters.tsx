import { SelectField, TextField } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { INVOICE_FILTER_STATUSES, type InvoiceFilter } from '@/server/desk/invoice-list';
import { deskTranslator } from './desk-translator';

/** The invoices' filter: a GET form, so a filtered list is an address to keep or share; the months are those with invoices. */
export async function InvoiceFilters({ locale, filter, months }: { locale: Locale; filter: InvoiceFilter; months: readonly string[] }) {
  const t = await deskTranslator(locale);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const choices = filter.month && !months.includes(filter.month) ? [filter.month, ...months] : months;
  const path = localizedPath(locale, 'desk/invoices');
  return (
    <form method="get" action={path} aria-label={t('invoices.filters.title')} className="mb-4 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:grid-cols-3">
      <SelectField
        form="invoice-filter"
        name="status"
        label={t('invoices.filters.status')}
        defaultValue={filter.status ?? ''}
        options={[{ value: '', label: t('invoices.filters.any') }, ...INVOICE_FILTER_STATUSES.map((status) => ({ value: status, label: t.pick('invoices.statuses', status) }))]}
      />
      <SelectField
        form="invoice-filter"
        name="month"
        label={t('invoices.filters.month')}
        defaultValue={filter.month ?? ''}
        options={[{ value: '', label: t('invoices.filters.any') }, ...choices.map((month) => ({ value: month, label: monthName.format(new Date(`${month}-01T00:00:00Z`)) }))]}
      />
      <TextField form="invoice-filter" name="q" type="search" label={t('invoices.filters.q')} placeholder={t('invoices.filters.qHint')} defaultValue={filter.q ?? ''} />
      <div className="flex flex-wrap gap-3 sm:col-span-3">
        <button type="submit" className="btn-primary">
          {t('invoices.filters.apply')}
        </button>
        <a href={path} className="btn-secondary">
          {t('invoices.filters.reset')}
        </a>
      </div>
    </form>
  );
}
