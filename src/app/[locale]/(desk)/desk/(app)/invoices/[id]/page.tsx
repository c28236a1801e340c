import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { deskFormat } from '@/components/desk/desk-format';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { InvoiceActions } from '@/components/desk/invoice-actions';
import { actorName, InvoiceHistory } from '@/components/desk/invoice-history';
import { InvoiceLines } from '@/components/desk/invoice-lines';
import { InvoiceStatusBadge } from '@/components/desk/invoice-status-badge';
import { PaymentLine } from '@/components/desk/payment-line';
import { getDb } from '@/server/database';
import { withoutBidiControlsDeep } from '@/lib/bidi';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { moscowDay } from '@/server/billing/calendar';
import { isOverdue } from '@/server/billing/invoice-view';
import { actorEmails, findInvoice, invoiceHistory, leadOfInvoice } from '@/server/desk/invoice-detail';
import { paymentsOf } from '@/server/desk/invoice-list';
import { requireDeskStaff } from '@/server/desk/page-session';
import { may } from '@/server/desk/permissions';

type Props = { params: Promise<{ locale: string; id: string }>; searchParams: Promise<{ done?: string; error?: string }> };

/** One invoice: its buyer, dates, lead, lines as issued, payments and history, and what may be done to it. */
export default async function DeskInvoicePage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale);
  const db = await getDb();
  // The buyer's details as typed: direction controls dropped, as everywhere in the desk.
  const invoice = withoutBidiControlsDeep(await findInvoice(db, id));
  if (!invoice) notFound();
  const [events, lead, payments] = await Promise.all([invoiceHistory(db, invoice.id), leadOfInvoice(db, invoice.leadId), paymentsOf(db, [invoice.id]).then((found) => (found.get(invoice.id) ?? []).map(withoutBidiControlsDeep))]);
  const emails = await actorEmails(db, [...events.map((event) => event.actor), ...payments.map((payment) => payment.decidedBy), invoice.paidBy, invoice.cancelledBy]);
  const { done, error } = await searchParams;
  const t = await deskTranslator(locale);
  const format = deskFormat(locale, getEnv().DESK_WORKING_HOURS.timeZone);
  const today = moscowDay();
  const paying = payments.find((payment) => invoice.paidBy === `payment:${payment.id}`);
  const paidBy = invoice.paidBy?.startsWith('staff:') ? t('invoices.paidBy.staff', { who: actorName(t, invoice.paidBy, emails) }) : paying ? <PaymentLine locale={locale} payment={paying} format={format} emails={emails} /> : invoice.paidBy;
  const rows: Array<[string, ReactNode]> = [
    [t('invoices.detail.buyer'), invoice.buyer.name],
    [t('invoices.detail.inn'), invoice.buyer.inn],
    [t('invoices.detail.kpp'), invoice.buyer.kpp],
    [t('invoices.detail.address'), invoice.buyer.address],
    [t('invoices.detail.email'), invoice.buyerEmail],
    [t('invoices.detail.issued'), format.calendarDay(invoice.issuedOn)],
    [t('invoices.detail.due'), format.calendarDay(invoice.dueOn)],
    [t('invoices.detail.paidAt'), invoice.paidAt ? format.calendarDay(moscowDay(invoice.paidAt)) : null],
    [t('invoices.detail.paidBy'), paidBy],
    [t('invoices.detail.cancelledAt'), invoice.cancelledAt ? `${format.dateTime(invoice.cancelledAt)}, ${actorName(t, invoice.cancelledBy ?? '', emails)}` : null],
    [t('invoices.detail.reason'), invoice.cancelReason],
    [
      t('invoices.detail.lead'),
      lead ? (
        <a key="lead" href={localizedPath(locale, `desk/leads/${lead.id}`)} className="text-brand-700 underline">
          {t('invoices.detail.leadLink', { number: String(lead.number) })}
        </a>
      ) : null,
    ],
    [t('invoices.detail.offer'), invoice.offerVersion],
  ];
  const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100';
  const [canMarkPaid, canCancel] = [may(staff.role, 'handleMoney'), may(staff.role, 'cancelInvoices')];
  // Only an invoice awaiting payment has actions; without them the page is one column.
  const acting = invoice.status === 'issued' && (canMarkPaid || canCancel);
  return (
    <>
      <a href={localizedPath(locale, 'desk/invoices')} className="mb-4 inline-block text-brand-700 underline">
        {t('invoices.detail.back')}
      </a>
      <DeskNotice locale={locale} done={done} error={error} />
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-bold text-brand-900">{t('invoices.detail.title', { number: invoice.number })}</h1>
        <InvoiceStatusBadge locale={locale} status={invoice.status} overdue={isOverdue({ status: invoice.status as 'issued', dueDate: invoice.dueOn }, today)} />
        <span className={`text-xl font-bold text-brand-900 tabular-nums ${acting ? 'sm:ml-auto' : ''}`}>{format.money(invoice.totalKopecks)}</span>
      </div>
      <div className={acting ? 'grid gap-6 lg:grid-cols-[3fr_2fr]' : 'grid max-w-4xl gap-6'}>
        <div className="flex min-w-0 flex-col gap-4">
          <section className={card} aria-label={t('invoices.detail.buyer')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {rows
                .filter(([, value]) => value !== undefined && value !== null && value !== '')
                .map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-muted">{label}</dt>
                    <dd className="min-w-0 break-words">{value}</dd>
                  </div>
                ))}
            </dl>
          </section>
          <section className={card}>
            <InvoiceLines locale={locale} invoice={invoice} format={format} />
          </section>
          <section className={card} aria-labelledby="invoice-payments">
            <h2 id="invoice-payments" className="mb-2 text-lg font-bold text-brand-900">
              {t('invoices.detail.payments')}
            </h2>
            {payments.length ? (
              <ul className="flex flex-col gap-2 text-sm">
                {payments.map((payment) => (
                  <li key={payment.id}>
                    <PaymentLine locale={locale} payment={payment} format={format} emails={emails} />
                    {payment.purpose ? <span className="block text-xs break-words text-muted">{payment.purpose}</span> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">{t('invoices.detail.noPayments')}</p>
            )}
          </section>
          <section className={card} aria-labelledby="invoice-history">
            <h2 id="invoice-history" className="mb-2 text-lg font-bold text-brand-900">
              {t('invoices.detail.history')}
            </h2>
            <InvoiceHistory locale={locale} events={events} emails={emails} format={format} />
          </section>
        </div>
        {acting ? <InvoiceActions locale={locale} invoice={invoice} today={today} canMarkPaid={canMarkPaid} canCancel={canCancel} /> : null}
      </div>
    </>
  );
}
