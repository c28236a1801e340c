'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { useApiClient } from '@/components/api/api-client';
import { isLocale } from '@/site/locales.mjs';
import type { ApiInvoice } from '@/lib/partner/api-types';
import { invoicePath } from '@/lib/partner/partner-paths';

/**
 * Issues an invoice again (`POST /api/invoices/{id}/repeat`: the same company and lines at today's
 * prices, what the renewal reminder offers) and opens the new one. A refusal is the API client's
 * (the snackbar: a product no longer sold, the purchase off).
 */
export function RepeatInvoice({ invoiceId, label, className = 'btn-secondary' }: { invoiceId: string; label: string; className?: string }) {
  const api = useApiClient();
  const current = useLocale();
  const [busy, setBusy] = useState(false);
  const repeat = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await api.post<{ invoice: ApiInvoice }>(`api/invoices/${encodeURIComponent(invoiceId)}/repeat`, {}, { confirmsItself: true });
    if (answer.ok) return window.location.assign(invoicePath(isLocale(current) ? current : 'ru', answer.result.invoice.id));
    setBusy(false);
  };
  return (
    <button type="button" onClick={repeat} disabled={busy} aria-busy={busy || undefined} className={className}>
      {label}
    </button>
  );
}
