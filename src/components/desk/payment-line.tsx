import type { PaymentRow } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

const documentNumber = (payment: PaymentRow) => String((payment.raw?.document as { number?: string } | undefined)?.number ?? '');

/** One payment as the desk describes it: amount, day, payer, where it came from, its state and who decided it. */
export async function PaymentLine({ locale, payment, format, emails }: { locale: Locale; payment: PaymentRow; format: DeskFormat; emails: Map<string, string> }) {
  const t = await deskTranslator(locale);
  const source = payment.source === 'statement' ? t('invoices.payment.statement', { number: documentNumber(payment) }) : t.pick('invoices.payment', payment.source);
  const day = payment.paidOn ? format.calendarDay(payment.paidOn) : format.dateTime(payment.createdAt);
  return (
    <span>
      <span className="font-semibold">{format.money(payment.amountKopecks)}</span> · {day} · {source}
      {payment.payerName ? ` · ${payment.payerName}` : ''} · <span className="whitespace-nowrap">{t.pick('invoices.paymentStatuses', payment.status)}</span>
      {payment.decidedBy && payment.decidedAt ? (
        <span className="block text-xs text-muted">{t('invoices.payment.decidedBy', { who: emails.get(payment.decidedBy) ?? payment.decidedBy, date: format.dateTime(payment.decidedAt) })}</span>
      ) : null}
    </span>
  );
}
