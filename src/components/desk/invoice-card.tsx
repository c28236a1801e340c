import type { InvoiceRow, PaymentRow } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { moscowDay } from '@/server/billing/calendar';
import { isOverdue } from '@/server/billing/invoice-view';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PaymentLine } from './payment-line';

export interface InvoiceCardProps {
  locale: Locale;
  invoice: InvoiceRow;
  payments: PaymentRow[];
  leadNumber?: number;
  emails: Map<string, string>;
  format: DeskFormat;
  today: string;
}

/** One invoice in the list: number (its page), status, date, company and INN, total, its lead, its payments. */
export async function InvoiceCard({ locale, invoice, payments, leadNumber, emails, format, today }: InvoiceCardProps) {
  const t = await deskTranslator(locale);
  const overdue = isOverdue({ status: invoice.status as 'issued', dueDate: invoice.dueOn }, today);
  const href = localizedPath(locale, `desk/invoices/${invoice.id}`);
  return (
    <li className={`rounded-xl bg-white p-4 shadow-sm ring-1 ${overdue ? 'ring-red-300' : 'ring-brand-100'}`} data-invoice={invoice.number}>
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-lg font-bold text-brand-900">
          <a href={href} className="underline-offset-2 hover:underline">
            {invoice.number}
          </a>
        </h3>
        <InvoiceStatusBadge locale={locale} status={invoice.status} overdue={overdue} />
        <span className="text-sm text-muted">{t('invoices.list.date', { date: format.calendarDay(invoice.issuedOn) })}</span>
        <span className="ml-auto text-lg font-bold text-brand-900 tabular-nums">{format.money(invoice.totalKopecks)}</span>
      </div>
      <p className="font-semibold break-words">{invoice.buyer.name}</p>
      <p className="text-sm text-muted">
        {t('invoices.list.inn', { inn: invoice.buyer.inn })}
        {invoice.leadId && leadNumber !== undefined ? (
          <>
            {' · '}
            <a href={localizedPath(locale, `desk/leads/${invoice.leadId}`)} className="text-brand-700 underline">
              {t('invoices.list.lead', { number: String(leadNumber) })}
            </a>
          </>
        ) : null}
        {' · '}
        {invoice.status === 'paid' && invoice.paidAt
          ? t('invoices.list.paidOn', { date: format.calendarDay(moscowDay(invoice.paidAt)) })
          : invoice.status === 'cancelled' && invoice.cancelledAt
            ? t('invoices.list.cancelledOn', { date: format.dateTime(invoice.cancelledAt) })
            : t('invoices.list.due', { date: format.calendarDay(invoice.dueOn) })}
      </p>
      {payments.length ? (
        <ul className="mt-2 flex flex-col gap-1 border-t border-brand-50 pt-2 text-sm">
          {payments.map((payment) => (
            <li key={payment.id}>
              <PaymentLine locale={locale} payment={payment} format={format} emails={emails} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
