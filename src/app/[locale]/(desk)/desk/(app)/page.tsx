import { getTranslations } from 'next-intl/server';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskFormat } from '@/components/desk/desk-format';
import { LeadCard } from '@/components/desk/lead-card';
import { LeadFilters } from '@/components/desk/lead-filters';
import { LiveLeads } from '@/components/desk/live-leads';
import { getDb } from '@/server/database';
import { withoutBidiControlsDeep } from '@/lib/bidi';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { filterParams, LEAD_KINDS, parseLeadFilter, searchParamsOf } from '@/server/desk/lead-filter';
import { decodeCursor, listLeads } from '@/server/desk/lead-list';
import { requireDeskStaff } from '@/server/desk/page-session';
import { renderTime } from '@/server/desk/contact-promise';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every lead, newest first: filters, search, a page of 50 at a time (keyset), live arrivals. */
export default async function DeskLeadsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale);
  const query = searchParamsOf(await searchParams);
  // `owner=mine` means the one looking.
  const filter = { ...parseLeadFilter(query), viewer: staff.id };
  const cursor = decodeCursor(query.get('after'));
  const hours = getEnv().DESK_WORKING_HOURS;
  const page = await listLeads(await getDb(), filter, hours, cursor);
  const t = await getTranslations({ locale, namespace: 'Desk' });
  const format = deskFormat(locale, hours.timeZone);
  const now = renderTime();
  const listHref = (after?: string) => {
    const params = filterParams(filter);
    if (after) params.set('after', after);
    const search = params.toString();
    return `${localizedPath(locale, 'desk')}${search ? `?${search}` : ''}`;
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('list.title')}</h1>
      <DeskNotice locale={locale} done={query.get('done') ?? undefined} error={query.get('error') ?? undefined} />
      <LeadFilters locale={locale} filter={filter} />
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
      {page.rows.length ? (
        <ul className="flex flex-col gap-3" aria-label={t('list.title')}>
          {/* A visitor's direction controls would reverse what the desk shows (a disguised e-mail or phone): dropped. */}
          {page.rows.map(withoutBidiControlsDeep).map((lead) => (
            <LeadCard key={lead.id} locale={locale} lead={lead} hours={hours} format={format} now={now} />
          ))}
        </ul>
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
