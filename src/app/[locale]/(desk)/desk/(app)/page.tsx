import { getTranslations } from 'next-intl/server';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskFormat } from '@/components/desk/desk-format';
import { LeadCard } from '@/components/desk/lead-card';
import { LeadFilters } from '@/components/desk/lead-filters';
import { LeadTable } from '@/components/desk/lead-table';
import { LiveLeads } from '@/components/desk/live-leads';
import { getDb } from '@/server/database';
import { withoutBidiControlsDeep } from '@/lib/bidi';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { filterParams, LEAD_KINDS, parseLeadFilter, parseLeadSort, searchParamsOf, sortParam, withDefaultOwner, type LeadSort } from '@/server/desk/lead-filter';
import { activeStaff, countLeads, decodeCursor, listLeads } from '@/server/desk/lead-list';
import { requireDeskStaff } from '@/server/desk/page-session';
import { mayOwnLeads } from '@/server/desk/lead-owners';
import { renderTime } from '@/server/desk/contact-promise';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Every lead, newest first or sorted by a column: filters applied as they change, search, the
 * total, a page of 50 at a time (keyset), live arrivals; a table on a wide screen, cards on a phone.
 */
export default async function DeskLeadsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale);
  const query = searchParamsOf(await searchParams);
  const filter = withDefaultOwner(parseLeadFilter(query), staff);
  const sort = parseLeadSort(query);
  const cursor = decodeCursor(query.get('after'), sort);
  const hours = getEnv().DESK_WORKING_HOURS;
  const db = await getDb();
  const [page, total, members] = await Promise.all([listLeads(db, filter, hours, cursor, undefined, sort), countLeads(db, filter, hours), activeStaff(db)]);
  const t = await getTranslations({ locale, namespace: 'Desk' });
  const format = deskFormat(locale, hours.timeZone);
  const now = renderTime();
  const listHref = (after?: string, order: LeadSort = sort) => {
    const params = filterParams(filter);
    const sorted = sortParam(order);
    if (sorted) params.set('sort', sorted);
    if (after) params.set('after', after);
    const search = params.toString();
    return `${localizedPath(locale, 'desk')}${search ? `?${search}` : ''}`;
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('list.title')}</h1>
      <DeskNotice locale={locale} done={query.get('done') ?? undefined} error={query.get('error') ?? undefined} />
      <LeadFilters locale={locale} filter={filter} sort={sortParam(sort)} staff={members} />
      <LiveLeads
        onFirstPage={!cursor}
        firstPageHref={listHref()}
        texts={{
          label: t('live.label'),
          connected: t('live.connected'),
          newLead: t('live.newLead', { kind: '{kind}' }),
          notify: t('live.notify'),
          notifyOn: t('live.notifyOn'),
          showNew: t('live.showNew', { count: '{count}' }),
          kinds: Object.fromEntries(LEAD_KINDS.map((kind) => [kind, t(`kinds.${kind}`)])),
        }}
      />
      <p className="mb-2 text-sm font-semibold text-brand-900" role="status" data-total={total.more ? 'more' : total.count}>
        {total.more ? t('list.totalMore', { count: format.count(total.count) }) : t('list.total', { count: total.count })}
      </p>
      {page.rows.length ? (
        <>
          {/* A visitor's direction controls would reverse what the desk shows (a disguised e-mail or phone): dropped. */}
          <div className="hidden min-[700px]:block">
            <LeadTable
              locale={locale}
              rows={page.rows.map(withoutBidiControlsDeep)}
              hours={hours}
              format={format}
              now={now}
              sort={sort}
              sortHref={(order) => listHref(undefined, order)}
              back={listHref(cursor ? query.get('after') ?? undefined : undefined)}
              canTake={mayOwnLeads(staff.role)}
            />
          </div>
          <ul className="flex flex-col gap-3 min-[700px]:hidden" aria-label={t('list.title')}>
            {page.rows.map(withoutBidiControlsDeep).map((lead) => (
              <LeadCard key={lead.id} locale={locale} lead={lead} hours={hours} format={format} now={now} />
            ))}
          </ul>
        </>
      ) : (
        <p className="rounded-xl bg-white p-6 text-muted ring-1 ring-brand-100">{t('list.empty')}</p>
      )}
      <nav className="mt-6 flex flex-wrap gap-3" aria-label={t('list.title')}>
        {cursor ? (
          <a href={listHref()} className="btn-secondary">
            {t('list.first')}
          </a>
        ) : null}
        {page.next ? (
          <a href={listHref(page.next)} className="btn-secondary" rel="next">
            {t('list.next')}
          </a>
        ) : null}
      </nav>
    </>
  );
}
