'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiClient } from '@/components/api/api-client';

/** Only a web address may be where the browser is sent to pay. */
function paymentAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * «Pay by card»: the server creates the payment (`POST /api/invoices/{id}/pay`) and answers where
 * the payment service's page is; the browser goes there and comes back to the invoice
 * (`?paid=card`). Errors are the API client's (the snackbar).
 */
export function CardPayment({ invoiceId }: { invoiceId: string }) {
  const t = useTranslations('PartnerArea.invoice');
  const api = useApiClient();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await api.post<{ confirmation_url?: string }>(`api/invoices/${encodeURIComponent(invoiceId)}/pay`, {});
    const target = answer.ok ? paymentAddress(answer.result?.confirmation_url) : undefined;
    if (target) return window.location.assign(target);
    setBusy(false);
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" onClick={pay} disabled={busy} aria-busy={busy || undefined} className="btn-primary">
        {t('card')}
      </button>
      <p className="text-sm text-muted">{t('cardNote')}</p>
    </div>
  );
}
