'use client';

import { useTranslations } from 'next-intl';
import type { ApiInvoice } from '@/lib/partner/api-types';

const LOOKS = {
  issued: 'bg-amber-50 text-amber-900 ring-amber-200',
  overdue: 'bg-red-50 text-red-800 ring-red-200',
  paid: 'bg-green-50 text-green-900 ring-green-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;

/** An invoice's status as a word on a colour (an issued invoice past its due date: overdue). */
export function InvoiceStatus({ invoice }: { invoice: Pick<ApiInvoice, 'status' | 'overdue'> }) {
  const t = useTranslations('PartnerArea');
  const status = invoice.status === 'issued' && invoice.overdue ? 'overdue' : invoice.status;
  return <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ${LOOKS[status]}`}>{t(`status.${status}`)}</span>;
}
