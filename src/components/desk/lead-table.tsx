import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { timeToContact } from '@/server/desk/contact-promise';
import { LEAD_STATUSES, type LeadSort, type SortKey } from '@/server/desk/lead-filter';
import type { LeadPage } from '@/server/desk/lead-list';
import { deskFields } from '@/server/desk/lead-view';
import type { WorkingHours } from '@/server/desk/working-hours';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';
import { RowStatus } from './row-status';

type Row = LeadPage['rows'][number];
type Column = 'number' | 'time' | 'kind' | 'product' | 'name' | 'company' | 'phone' | 'status' | 'owner' | 'waiting';
const COLUMNS: Column[] = ['number', 'time', 'kind', 'product', 'name', 'company', 'phone', 'status', 'owner', 'waiting'];
/** The columns the server sorts by (the number follows the time: the time's heading sorts both). */
const SORTED_BY: Partial<Record<Column, SortKey>> = { time: 'created', kind: 'kind', name: 'name', status: 'status' };

interface Props {
  locale: Locale;
  rows: Row[];
  hours: WorkingHours;
  format: DeskFormat;
  now: number;
  sort: LeadSort;
  /** The list's address with a sort (and the filter kept), for the column headings. */
  sortHref: (sort: LeadSort) => string;
  /** The list's address as it is, for a status changed from a row to return to. */
  back: string;
  /** The viewer may own leads: an unowned row offers «Take». */
  canTake: boolean;
}

/** The list on a wide screen: one lead a row, sortable headings, the status changed in place. */
export async function LeadTable({ locale, rows, hours, format, now, sort, sortHref, back, canTake }: Props) {
  const t = await deskTranslator(locale);
  const statusOptions = LEAD_STATUSES.map((status) => ({ value: status, label: t.pick('statuses', status) }));
  const heading = (column: Column) => {
    const key = SORTED_BY[column];
    const label = t(`list.${column}`);
    if (!key) return label;
    const active = sort.key === key;
    // A first press sorts A→Z (the time: newest first); a press on the sorted column turns it round.
    const next: LeadSort = active ? { key, desc: !sort.desc } : { key, desc: key === 'created' };
    return (
      // The heading keeps its name (the cells are read with it); `aria-sort` on it says how it is sorted.
      <a href={sortHref(next)} className="inline-flex items-center gap-1 underline-offset-2 hover:underline" title={t('list.sortBy', { column: label })}>
        {label}
        {active ? <span aria-hidden="true">{sort.desc ? '↓' : '↑'}</span> : null}
      </a>
    );
  };
  const ariaSort = (column: Column) => {
    const key = SORTED_BY[column];
    if (!key || sort.key !== key) return undefined;
    return sort.desc ? ('descending' as const) : ('ascending' as const);
  };
  return (
    <div className="desk-table-wrap overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <table className="desk-lead-table w-full border-collapse text-left text-sm" aria-label={t('list.columns')}>
        <thead className="bg-brand-50 text-xs text-brand-900">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" aria-sort={ariaSort(column)} className="px-2 py-2 font-semibold whitespace-nowrap">
                {heading(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((lead) => {
            const fields = new Map(deskFields(lead, locale).map((field) => [field.name, field]));
            const contact = timeToContact(lead, hours, now);
            const phone = fields.get('phone');
            return (
              <tr key={lead.id} data-lead-id={lead.id} className={`border-t border-brand-100 align-middle ${contact.overdue ? 'bg-red-50' : ''}`}>
                <td className="px-2 py-1.5 whitespace-nowrap text-muted tabular-nums">{lead.number}</td>
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                  <time dateTime={lead.createdAt.toISOString()}>{format.dateTime(lead.createdAt)}</time>
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{t.pick('kinds', lead.kind)}</td>
                <td className="max-w-40 truncate px-2 py-1.5" title={fields.get('product')?.text}>
                  {fields.get('product')?.text ?? '—'}
                </td>
                <td className="max-w-48 px-2 py-1.5 font-semibold break-words">
                  <a href={localizedPath(locale, `desk/leads/${lead.id}`)} className="text-brand-800 underline-offset-2 hover:underline">
                    {lead.name || (lead.erasedAt ? t('list.erased') : t('list.unnamed'))}
                  </a>
                  {lead.returning || lead.callbackDue ? (
                    // A block of its own: a link beside text in one line must be told apart by more than its colour.
                    <div className="mt-1 flex flex-wrap gap-1">
                      {lead.returning ? (
                        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-900" data-testid="lead-returning">
                          {t('owner.returning')}
                        </span>
                      ) : null}
                      {lead.callbackDue ? <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">{t('list.callbackDue')}</span> : null}
                    </div>
                  ) : null}
                </td>
                <td className="max-w-40 truncate px-2 py-1.5" title={fields.get('firm_name')?.text}>
                  {fields.get('firm_name')?.text ?? '—'}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {phone?.text ? (
                    <a href={`tel:${String(phone.value).replace(/[^\d+]/g, '')}`} className="text-brand-700 underline">
                      {phone.text}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="px-2 py-1">
                  <RowStatus
                    action={`/api/desk/leads/${lead.id}`}
                    locale={locale}
                    back={back}
                    status={lead.status}
                    label={t('list.rowStatus', { number: String(lead.number) })}
                    save={t('list.saveRowStatus')}
                    options={statusOptions}
                  />
                </td>
                <td className={`px-2 py-1.5 whitespace-nowrap ${lead.ownerName ? '' : 'text-muted italic'}`}>
                  {lead.ownerName ?? t('list.noOwner')}
                  {canTake && !lead.ownerId ? (
                    // One press, as on the lead's page; the server checks again and returns to the list as it was.
                    <form method="post" action={`/api/desk/leads/${lead.id}`} className="mt-1 not-italic">
                      <input type="hidden" name="locale" value={locale} />
                      <input type="hidden" name="back" value={back} />
                      <input type="hidden" name="action" value="take" />
                      <button type="submit" className="btn-secondary min-h-9 px-2 text-xs" aria-label={t('list.takeRow', { number: String(lead.number) })}>
                        {t('owner.take')}
                      </button>
                    </form>
                  ) : null}
                </td>
                <td className={`px-2 py-1.5 whitespace-nowrap tabular-nums ${contact.overdue ? 'font-semibold text-red-800' : ''}`}>
                  {contact.waiting ? format.duration(contact.ms) : '—'}
                  {contact.overdue ? <span className="sr-only"> ({t('list.overdue')})</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
