import { deskTranslator } from './desk-translator';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { LeadPage } from '@/server/desk/lead-list';
import { timeToContact } from '@/server/desk/contact-promise';
import type { WorkingHours } from '@/server/desk/working-hours';
import { DeliveryState } from './delivery-state';
import type { DeskFormat } from './desk-format';
import { LeadFields } from './lead-fields';
import { StatusBadge } from './status-badge';

type Row = LeadPage['rows'][number];

/** One lead in the list: kind, name (the link to it), status, age, contacts, details, delivery. */
export async function LeadCard({ locale, lead, hours, format, now }: { locale: Locale; lead: Row; hours: WorkingHours; format: DeskFormat; now: number }) {
  const t = await deskTranslator(locale);
  const contact = timeToContact(lead, hours, now);
  const name = lead.name || t('list.unnamed');
  return (
    <li className={`rounded-xl bg-white p-4 shadow-sm ring-1 ${contact.overdue ? 'ring-2 ring-red-600' : 'ring-brand-100'}`} data-lead-id={lead.id}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t.pick('kinds', lead.kind)}</span>
        <StatusBadge locale={locale} status={lead.status} />
        <span className="text-xs text-muted">{t('lead.number', { number: String(lead.number) })}</span>
        {contact.overdue ? <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{t('list.overdue')}</span> : null}
        {lead.returning ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900" data-testid="lead-returning">
            {t('owner.returning')}
          </span>
        ) : null}
        {lead.callbackDue ? (
          <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white">{t('list.callbackDue')}</span>
        ) : lead.callbackAt && !lead.erasedAt ? (
          <span className="text-xs text-muted">{t('list.callbackAt', { at: format.dateTime(lead.callbackAt) })}</span>
        ) : null}
        <span className={`text-xs ${lead.ownerName ? 'text-ink' : 'text-muted italic'}`} data-testid="lead-owner">
          <span className="sr-only">{t('list.owner')}: </span>
          {lead.ownerName ?? t('list.noOwner')}
        </span>
        <span className="ml-auto text-sm text-muted">
          <span className="sr-only">{t('list.age')}: </span>
          <time dateTime={lead.createdAt.toISOString()} title={format.dateTime(lead.createdAt)}>
            {format.duration(now - lead.createdAt.getTime())}
          </time>
        </span>
      </div>
      <h2 className="mb-2 text-lg font-bold text-brand-900">
        <a href={localizedPath(locale, `desk/leads/${lead.id}`)} className="underline-offset-2 hover:underline">
          {name}
        </a>
        {lead.erasedAt ? <span className="ml-2 text-sm font-normal text-muted">({t('list.erased')})</span> : null}
      </h2>
      <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
        <LeadFields locale={locale} lead={lead} dateTime={format.dateTime} />
        <div className="text-sm">
          <p className="mb-1 text-muted">{t('fields.delivery')}</p>
          <DeliveryState locale={locale} deliveries={lead.deliveries} format={format} />
        </div>
      </div>
    </li>
  );
}
