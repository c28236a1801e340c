import { notFound } from 'next/navigation';
import { deskFormat } from '@/components/desk/desk-format';
import { CustomerAccountPanel } from '@/components/desk/customer-account-panel';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { DeliveryState } from '@/components/desk/delivery-state';
import { LeadFields } from '@/components/desk/lead-fields';
import { LeadCallbackForm } from '@/components/desk/lead-callback-form';
import { EarlierLeads } from '@/components/desk/earlier-leads';
import { LeadHistory } from '@/components/desk/lead-history';
import { LeadOwnerPanel } from '@/components/desk/lead-owner-panel';
import { LeadWorkForms } from '@/components/desk/lead-work-forms';
import { StatusBadge } from '@/components/desk/status-badge';
import { getDb } from '@/server/database';
import { withoutBidiControlsDeep } from '@/lib/bidi';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { customerAccount } from '@/server/desk/customer-account';
import { invoiceOfLead } from '@/server/desk/invoice-detail';
import { deskFields } from '@/server/desk/lead-view';
import { deliveriesOf } from '@/server/desk/lead-list';
import { findLead, hasFailedDelivery, leadHistory } from '@/server/desk/lead-work';
import { requireDeskStaff } from '@/server/desk/page-session';
import { may } from '@/server/desk/permissions';
import { timeToContact } from '@/server/desk/contact-promise';
import { mayActOnLead } from '@/server/desk/lead-access';
import { deskLocalValue } from '@/server/desk/lead-callback';
import { earlierLeads } from '@/server/desk/earlier-leads';
import { mayOwnLeads, possibleOwners } from '@/server/desk/lead-owners';
import { staffNames } from '@/server/desk/staff-name';

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<{ done?: string; error?: string }> };

/** One lead: everything about it, its delivery, time to first contact, the work forms and the audit trail. */
export default async function DeskLeadPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale);
  const db = await getDb();
  // A visitor's direction controls would reverse what the desk shows (a disguised e-mail or phone): dropped.
  const lead = withoutBidiControlsDeep(await findLead(db, id));
  if (!lead) notFound();
  const [deliveries, events, canRetry, invoice, account, earlier, choices] = await Promise.all([
    deliveriesOf(db, [lead.id]),
    leadHistory(db, lead.id).then(withoutBidiControlsDeep),
    hasFailedDelivery(db, lead.id),
    lead.kind === 'invoice' ? invoiceOfLead(db, lead.id) : undefined,
    customerAccount(db, lead.email),
    earlierLeads(db, lead).then(withoutBidiControlsDeep),
    possibleOwners(db),
  ]);
  const names = await staffNames(db, [lead.ownerId, ...events.flatMap((event) => [event.staffId, event.fromOwnerId, event.toOwnerId])]);
  const admin = may(staff.role, 'workAnyLead');
  const canTake = mayOwnLeads(staff.role) && lead.ownerId !== staff.id;
  const canHandOver = admin || (mayOwnLeads(staff.role) && lead.ownerId === staff.id);
  const { done, error } = await searchParams;
  const t = await deskTranslator(locale);
  const hours = getEnv().DESK_WORKING_HOURS;
  const format = deskFormat(locale, hours.timeZone);
  const contact = timeToContact(lead, hours);
  const product = deskFields(lead, locale).find((field) => field.name === 'product')?.text;
  const contactText = contact.waiting ? t('lead.notContacted', { time: format.duration(contact.ms) }) : format.duration(contact.ms);
  return (
    <>
      <a href={localizedPath(locale, 'desk')} className="mb-4 inline-block text-brand-700 underline">
        {t('lead.back')}
      </a>
      <DeskNotice locale={locale} done={done} error={error} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t.pick('kinds', lead.kind)}</span>
        <StatusBadge locale={locale} status={lead.status} />
        <span className="text-sm text-muted">{t('lead.number', { number: String(lead.number) })}</span>
        {product ? (
          <span className="text-sm font-semibold text-brand-900">
            <span className="sr-only">{t('lead.product')}: </span>
            {product}
          </span>
        ) : null}
        {invoice ? (
          <a href={localizedPath(locale, `desk/invoices/${invoice.id}`)} className="text-sm font-semibold text-brand-700 underline">
            {t('lead.invoice', { number: invoice.number })}
          </a>
        ) : null}
      </div>
      <h1 className="mb-4 text-2xl font-bold break-words text-brand-900">{lead.name || (lead.erasedAt ? t('list.erased') : t('list.unnamed'))}</h1>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex min-w-0 flex-col gap-4">
          <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
            <LeadFields
              locale={locale}
              lead={lead}
              dateTime={format.dateTime}
              extra={[
                [t('fields.created'), format.dateTime(lead.createdAt)],
                [t('lead.timeToContact'), <span key="contact" className={contact.overdue ? 'font-semibold text-red-800' : undefined}>{contactText}</span>],
                [t('lead.callbackTitle'), lead.callbackAt ? format.dateTime(lead.callbackAt) : null],
                [t('fields.delivery'), <DeliveryState key="delivery" locale={locale} deliveries={deliveries.get(lead.id) ?? []} format={format} />],
              ]}
            />
          </section>
          <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="lead-history">
            <h2 id="lead-history" className="mb-3 text-lg font-bold text-brand-900">
              {t('lead.timeline')}
            </h2>
            <LeadHistory locale={locale} events={events} format={format} names={names} />
          </section>
          <CustomerAccountPanel locale={locale} account={account ?? undefined} format={format} />
          <EarlierLeads locale={locale} leads={earlier} format={format} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <LeadOwnerPanel locale={locale} leadId={lead.id} ownerId={lead.ownerId} ownerName={lead.ownerId ? (names.get(lead.ownerId) ?? null) : null} canTake={canTake} canHandOver={canHandOver} choices={choices} />
          <LeadWorkForms locale={locale} lead={lead} canRetry={canRetry} canErase={may(staff.role, 'eraseLeads')} />
          {!lead.erasedAt && mayActOnLead(staff, lead) ? (
            <LeadCallbackForm locale={locale} leadId={lead.id} value={lead.callbackAt ? deskLocalValue(lead.callbackAt, hours) : ''} timeZone={hours.timeZone} />
          ) : null}
        </div>
      </div>
    </>
  );
}
