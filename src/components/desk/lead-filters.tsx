import { getTranslations } from 'next-intl/server';
import { SelectField, TextField } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { DEPARTMENTS, filterParams, LEAD_KINDS, LEAD_STATUSES, type LeadFilter } from '@/server/desk/lead-filter';
import { FilterAutoApply } from './filter-auto-apply';

const FORM_ID = 'desk-lead-filter';

/**
 * The list's filter: a GET form, so a filtered list is an address to keep or share with a colleague.
 * It applies itself as it changes (FilterAutoApply); without scripts its button sends it.
 */
export async function LeadFilters({ locale, filter, sort, staff }: { locale: Locale; filter: LeadFilter; sort?: string; staff: Array<{ id: string; name: string }> }) {
  const t = await getTranslations({ locale, namespace: 'Desk' });
  const choices = (values: readonly string[], group: 'kinds' | 'statuses' | 'departments') => [
    { value: '', label: t('filters.any') },
    ...values.map((value) => ({ value, label: t(`${group}.${value}` as never) })),
  ];
  const owners = [
    { value: 'all', label: t('filters.ownerAll') },
    { value: 'mine', label: t('filters.ownerMine') },
    { value: 'none', label: t('filters.ownerNone') },
    ...staff.map((member) => ({ value: member.id, label: member.name })),
  ];
  const exportParams = filterParams(filter);
  exportParams.set('locale', locale);
  const refined = Boolean(filter.kind || filter.status || filter.department || filter.from || filter.to);
  return (
    // Keyed by the filter: a navigation (Back, a link) renders the form afresh with the address's
    // values, instead of React keeping what the fields held before.
    <form key={`${exportParams.toString()}&sort=${sort ?? ''}`} id={FORM_ID} method="get" action={localizedPath(locale, 'desk')} aria-label={t('filters.title')} className="mb-4 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <TextField form="desk-filter" name="q" type="search" label={t('filters.q')} placeholder={t('filters.qHint')} defaultValue={filter.q ?? ''} />
        <SelectField form="desk-filter" name="owner" label={t('filters.owner')} options={owners} defaultValue={filter.owner ?? 'all'} />
      </div>
      {/* Folded on a phone so the list starts on the first screen; always open on a wide screen (globals.css). */}
      <details className="desk-more-filters" open={refined || undefined}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700">{t('filters.more')}</summary>
        <div className="grid gap-3 pt-2 sm:grid-cols-2 lg:grid-cols-5 lg:pt-0">
          <SelectField form="desk-filter" name="kind" label={t('filters.kind')} options={choices(LEAD_KINDS, 'kinds')} defaultValue={filter.kind ?? ''} />
          <SelectField form="desk-filter" name="status" label={t('filters.status')} options={choices(LEAD_STATUSES, 'statuses')} defaultValue={filter.status ?? ''} />
          <SelectField form="desk-filter" name="department" label={t('filters.department')} options={choices(DEPARTMENTS, 'departments')} defaultValue={filter.department ?? ''} />
          <TextField form="desk-filter" name="from" type="date" label={t('filters.from')} defaultValue={filter.from ?? ''} />
          <TextField form="desk-filter" name="to" type="date" label={t('filters.to')} defaultValue={filter.to ?? ''} />
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" data-apply="">
          {t('filters.apply')}
        </button>
        <a href={localizedPath(locale, 'desk')} className="btn-secondary">
          {t('filters.reset')}
        </a>
        <a href={`/api/desk/export?${exportParams.toString()}`} className="btn-secondary sm:ml-auto" download>
          {t('filters.export')}
        </a>
        <a href={`/api/desk/export?${exportParams.toString()}&format=xlsx`} className="btn-secondary" download>
          {t('filters.exportXlsx')}
        </a>
      </div>
      <FilterAutoApply formId={FORM_ID} />
    </form>
  );
}
