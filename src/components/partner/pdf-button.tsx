'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { endSession } from '@/components/api/api-client';
import { showSnackbar } from '@/components/snackbar/snackbar-store';
import { isLocale } from '@/site/locales.mjs';
import { readToken } from '@/lib/token-store';

/**
 * Saves an invoice's PDF. Its address opens with the Bearer token, which a plain link cannot
 * carry: the file is fetched with it and saved from memory under the invoice's number.
 */
async function savePdf(path: string, fileName: string): Promise<'saved' | 'failed' | 'signedOut'> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, credentials: 'same-origin' });
  } catch {
    return 'failed';
  }
  if (response.status === 401) return 'signedOut';
  if (!response.ok) return 'failed';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
}

/** «Download PDF» of an invoice; `label` names the invoice where several are listed. */
export function PdfButton({ path, number, label, className = 'btn-secondary' }: { path: string; number: string; label?: string; className?: string }) {
  const t = useTranslations('PartnerArea');
  const current = useLocale();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await savePdf(path, `invoice-${number}.pdf`);
    setBusy(false);
    if (outcome === 'signedOut') endSession(isLocale(current) ? current : 'ru');
    else if (outcome === 'failed') showSnackbar({ error: t('pdfFailed') });
  };
  return (
    <button type="button" onClick={download} aria-busy={busy || undefined} aria-label={label} className={className}>
      {t('pdf')}
    </button>
  );
}
