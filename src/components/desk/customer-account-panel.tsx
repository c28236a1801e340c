import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { moscowDay } from '@/server/billing/calendar';
import { isOverdue } from '@/server/billing/invoice-view';
import type { CustomerAccount } from '@/server/desk/customer-account';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** The customer's account with the lead's e-mail: firm, registration, confirmation, company, invoices. */
export async function CustomerAccountPanel({ locale, account, format }: { locale: Locale; account: CustomerAccount | undefined; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  const today = moscowDay(new Date());
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="lead-account">
      <h2 id="lead-account" className="mb-3 text-lg font-bold text-brand-900">
        {t('lead.account')}
      </h2>
      {account ? (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t('lead.accountFirm')}</dt>
          <dd className="break-words">{account.firmName || '—'}</dd>
          <dt className="text-muted">{t('lead.accountCreated')}</dt>
          <dd>{format.dateTime(account.createdAt)}</dd>
          <dt className="sr-only">{t('fields.email')}</dt>
          <dd className="col-span-2">{account.emailConfirmedAt ? t('lead.accountConfirmed') : t('lead.accountUnconfirmed')}</dd>
          <dt className="text-muted">{t('lead.accountCompany')}</dt>
          <dd className="break-words">{account.company ? `${account.company.name}, ${account.company.inn}` : '—'}</dd>
          <dt className="text-muted">{t('lead.accountInvoices')}</dt>
          <dd>
            {account.invoices.length ? (
              <ul className="flex flex-col gap-1">
                {account.invoices.map((invoice) => (
                  <li key={invoice.id} className="flex flex-wrap items-center gap-2">
                    <a href={localizedPath(locale, `desk/invoices/${invoice.id}`)} className="text-brand-700 underline">
                      {invoice.number}
                    </a>
                    <span className="tabular-nums">{format.money(invoice.totalKopecks)}</span>
                    <InvoiceStatusBadge locale={locale} status={invoice.status} overdue={isOverdue({ status: invoice.status as 'issued', dueDate: invoice.dueOn }, today)} />
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-muted">{t('lead.noAccount')}</p>
      )}
    </section>
  );
}
