import type { Locale } from '@/site/locales.mjs';
import { deskTranslator } from './desk-translator';

const COLOURS: Record<string, string> = {
  issued: 'bg-accent-400 text-brand-900',
  overdue: 'bg-red-700 text-white',
  paid: 'bg-green-700 text-white',
  cancelled: 'bg-slate-600 text-white',
};

/** An invoice's status as the desk names it: awaiting payment, overdue, paid, cancelled. */
export async function InvoiceStatusBadge({ locale, status, overdue }: { locale: Locale; status: string; overdue: boolean }) {
  const t = await deskTranslator(locale);
  const shown = overdue ? 'overdue' : status;
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${COLOURS[shown] ?? 'bg-slate-200'}`}>{t.pick('invoices.statuses', shown)}</span>;
}
