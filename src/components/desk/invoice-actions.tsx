import { TextAreaField, TextField } from '@/components/dialogs/form-fields';
import type { InvoiceRow } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { deskTranslator } from './desk-translator';

function Hidden({ locale, invoiceId, action }: { locale: Locale; invoiceId: string; action: string }) {
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={localizedPath(locale, `desk/invoices/${invoiceId}`)} />
      <input type="hidden" name="action" value={action} />
    </>
  );
}

/**
 * What can be done to an invoice awaiting payment: «Mark paid» (finance, admins; the day the
 * money came, a comment) and cancelling it with a reason (every role). Plain form posts.
 */
export async function InvoiceActions({ locale, invoice, today, canMarkPaid, canCancel }: { locale: Locale; invoice: InvoiceRow; today: string; canMarkPaid: boolean; canCancel: boolean }) {
  const t = await deskTranslator(locale);
  const action = `/api/desk/invoices/${invoice.id}`;
  const card = 'flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100';
  return (
    <div className="flex flex-col gap-4">
      {canMarkPaid ? (
        <form method="post" action={action} className={card} aria-labelledby="invoice-mark-paid">
          <h2 id="invoice-mark-paid" className="text-lg font-bold text-brand-900">
            {t('invoices.markPaid.title')}
          </h2>
          <p className="text-sm text-muted">{t('invoices.markPaid.intro')}</p>
          <Hidden locale={locale} invoiceId={invoice.id} action="markPaid" />
          <TextField form="invoice-paid" name="paid_on" type="date" label={t('invoices.markPaid.day')} defaultValue={today} min={invoice.issuedOn} max={today} required />
          <TextAreaField form="invoice-paid" name="note" label={t('invoices.markPaid.note')} maxLength={500} />
          <div>
            <button type="submit" className="btn-primary">
              {t('invoices.markPaid.submit')}
            </button>
          </div>
        </form>
      ) : null}
      {canCancel ? (
        <form method="post" action={action} className={`${card} ring-red-200`} aria-labelledby="invoice-cancel">
          <h2 id="invoice-cancel" className="text-lg font-bold text-brand-900">
            {t('invoices.cancel.title')}
          </h2>
          <p className="text-sm text-muted">{t('invoices.cancel.intro')}</p>
          <Hidden locale={locale} invoiceId={invoice.id} action="cancel" />
          <TextAreaField form="invoice-cancel" name="reason" label={t('invoices.cancel.reason')} maxLength={500} required />
          <div>
            <button type="submit" className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50">
              {t('invoices.cancel.submit')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
