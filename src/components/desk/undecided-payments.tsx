import { TextField } from '@/components/dialogs/form-fields';
import type { PaymentRow } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

type Undecided = { payment: PaymentRow; invoiceNumber: string | null };

const reasonsOf = (payment: PaymentRow) => (Array.isArray(payment.raw?.reasons) ? (payment.raw.reasons as string[]) : []);

/**
 * The payments no invoice took, for a person to decide: who paid, how much, when, the purpose,
 * which invoice it names and why it did not fit; with the forms to take it as an invoice's payment
 * or set it aside (finance and admins; read-only for sales).
 */
export async function UndecidedPayments({ locale, rows, format, canDecide }: { locale: Locale; rows: Undecided[]; format: DeskFormat; canDecide: boolean }) {
  const t = await deskTranslator(locale);
  const back = localizedPath(locale, 'desk/invoices');
  return (
    <section className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-2 ring-accent-400" aria-labelledby="undecided-payments">
      <h2 id="undecided-payments" className="text-lg font-bold text-brand-900">
        {t('invoices.decide.title')} <span className="text-muted">({rows.length})</span>
      </h2>
      <p className="mb-3 text-sm text-muted">{t('invoices.decide.intro')}</p>
      <ul className="flex flex-col gap-3">
        {rows.map(({ payment, invoiceNumber }) => {
          const payer = payment.payerName || t('invoices.decide.payer');
          const amount = format.money(payment.amountKopecks);
          return (
            <li key={payment.id} className="grid gap-3 border-t border-brand-50 pt-3 lg:grid-cols-[3fr_2fr]" data-payment={payment.id}>
              <div className="min-w-0 text-sm">
                <p className="text-base">
                  <span className="font-bold text-brand-900 tabular-nums">{amount}</span> · {payment.paidOn ? format.calendarDay(payment.paidOn) : ''} · <span className="font-semibold break-words">{payer}</span>
                </p>
                <p className="text-muted">{payment.payerInn ? t('invoices.decide.inn', { inn: payment.payerInn }) : t('invoices.decide.noInn')}</p>
                <p className="break-words">
                  <span className="text-muted">{t('invoices.decide.purpose')}: </span>
                  {payment.purpose}
                </p>
                <p className={payment.status === 'mismatch' ? 'font-semibold text-red-800' : 'text-muted'}>
                  {payment.status === 'mismatch' && invoiceNumber && payment.invoiceId ? (
                    <>
                      <a href={localizedPath(locale, `desk/invoices/${payment.invoiceId}`)} className="underline">
                        {t('invoices.decide.named', { number: invoiceNumber })}
                      </a>
                      : {reasonsOf(payment).map((reason) => t.pick('invoices.decide.reasons', reason)).join('; ')}
                    </>
                  ) : (
                    t('invoices.decide.unmatched')
                  )}
                </p>
              </div>
              {canDecide ? (
                <div className="flex flex-col gap-2" role="group" aria-label={t('invoices.decide.decide', { payer, amount })}>
                  <form method="post" action={`/api/desk/payments/${payment.id}`} className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="back" value={back} />
                    <input type="hidden" name="action" value="assign" />
                    <div className="min-w-40 flex-1">
                      <TextField form={`payment-${payment.id}`} name="invoice" label={t('invoices.decide.invoice')} defaultValue={invoiceNumber ?? ''} placeholder="2026-000123" required />
                    </div>
                    <button type="submit" className="btn-primary">
                      {t('invoices.decide.assign')}
                    </button>
                  </form>
                  <form method="post" action={`/api/desk/payments/${payment.id}`}>
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="back" value={back} />
                    <input type="hidden" name="action" value="ignore" />
                    <button type="submit" className="btn-secondary">
                      {t('invoices.decide.ignore')}
                    </button>
                  </form>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
