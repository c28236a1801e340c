import { deskFormat } from '@/components/desk/desk-format';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { InvoiceCard } from '@/components/desk/invoice-card';
import { InvoiceFilters } from '@/components/desk/invoice-filters';
import { MonthSumsTable } from '@/components/desk/month-sums';
import { StatementImports } from '@/components/desk/statement-imports';
import { ImportResult, StatementUpload } from '@/components/desk/statement-upload';
import { UndecidedPayments } from '@/components/desk/undecided-payments';
import { getDb } from '@/server/database';
import { withoutBidiControlsDeep } from '@/lib/bidi';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '@/server/env';
import { moscowDay } from '@/server/billing/calendar';
import { searchParamsOf } from '@/server/desk/lead-filter';
import { actorEmails } from '@/server/desk/invoice-detail';
import { importShown, invoiceFilterParams, leadNumbers, listInvoices, monthSums, parseInvoiceFilter, paymentsOf, recentImports, undecidedPayments } from '@/server/desk/invoice-list';
import { requireDeskStaff } from '@/server/desk/page-session';
import { may } from '@/server/desk/permissions';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The money: a statement upload and the payments to decide (finance, admins), issued and paid per
 * month, the invoices by status, month or search, each with its company, lead and payments.
 */
export default async function DeskInvoicesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale);
  const query = searchParamsOf(await searchParams);
  const filter = parseInvoiceFilter(query);
  const after = query.get('after') ?? undefined;
  const db = await getDb();
  const today = moscowDay();
  const [page, months, undecided, imports, shown] = await Promise.all([listInvoices(db, filter, after, today), monthSums(db), undecidedPayments(db), recentImports(db), importShown(db, query.get('import'))]);
  const [payments, leads] = await Promise.all([paymentsOf(db, page.rows.map((row) => row.id)), leadNumbers(db, page.rows.map((row) => row.leadId))]);
  const emails = await actorEmails(db, [...payments.values()].flat().map((payment) => payment.decidedBy));
  const t = await deskTranslator(locale);
  const env = getEnv();
  const format = deskFormat(locale, env.DESK_WORKING_HOURS.timeZone);
  const canHandleMoney = may(staff.role, 'handleMoney');
  const listHref = (next?: string) => {
    const params = invoiceFilterParams(filter);
    if (next) params.set('after', next);
    const search = params.toString();
    return `${localizedPath(locale, 'desk/invoices')}${search ? `?${search}` : ''}`;
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('invoices.title')}</h1>
      <DeskNotice locale={locale} done={query.get('done') ?? undefined} error={query.get('error') ?? undefined} values={{ line: query.get('line') ?? '' }} />
      {shown ? <ImportResult locale={locale} record={shown.record} earlier={shown.earlier} format={format} /> : null}
      {canHandleMoney ? <StatementUpload locale={locale} account={env.SELLER_ACCOUNT} /> : <p className="mb-4 text-sm text-muted">{t('invoices.readOnly')}</p>}
      {/* A payer's direction controls would reverse what the desk shows: dropped. */}
      {undecided.length ? <UndecidedPayments locale={locale} rows={undecided.map(withoutBidiControlsDeep)} format={format} canDecide={canHandleMoney} /> : null}
      <MonthSumsTable locale={locale} months={months} format={format} selected={filter.month} />
      <InvoiceFilters locale={locale} filter={filter} months={months.map((row) => row.month)} />
      <h2 className="sr-only">{t('invoices.list.title')}</h2>
      {page.rows.length ? (
        <ul className="flex flex-col gap-3" aria-label={t('invoices.list.title')}>
          {page.rows.map(withoutBidiControlsDeep).map((invoice) => (
            <InvoiceCard key={invoice.id} locale={locale} invoice={invoice} payments={(payments.get(invoice.id) ?? []).map(withoutBidiControlsDeep)} leadNumber={invoice.leadId ? leads.get(invoice.leadId) : undefined} emails={emails} format={format} today={today} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl bg-white p-6 text-muted ring-1 ring-brand-100">{t('invoices.list.empty')}</p>
      )}
      {after || page.next ? (
        <nav className="mt-6 flex flex-wrap gap-3" aria-label={t('invoices.list.title')}>
          {after ? (
            <a href={listHref()} className="btn-secondary">
              {t('invoices.list.first')}
            </a>
          ) : null}
          {page.next ? (
            <a href={listHref(page.next)} className="btn-secondary" rel="next">
              {t('invoices.list.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
      <StatementImports locale={locale} imports={imports} format={format} />
    </>
  );
}
