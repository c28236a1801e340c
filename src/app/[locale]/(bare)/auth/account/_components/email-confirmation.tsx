'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiClient } from '@/components/api/api-client';

/**
 * While the account's address is unconfirmed: says so (a forgotten password cannot be mailed to
 * it) and sends the confirmation link again (`POST /api/auth/confirm/resend`); errors are the API
 * client's (the snackbar).
 */
export function EmailConfirmationNotice() {
  const t = useTranslations('Account');
  const api = useApiClient();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const send = async () => {
    if (state === 'sending') return;
    setState('sending');
    const answer = await api.post('api/auth/confirm/resend', {}, { confirmsItself: true });
    setState(answer.ok ? 'sent' : 'idle');
  };
  return (
    <div className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">
      <p>{t('unconfirmed')}</p>
      {state === 'sent' ? (
        <p className="mt-2 font-medium" role="status">
          {t('resent')}
        </p>
      ) : (
        <button type="button" onClick={send} disabled={state === 'sending'} aria-busy={state === 'sending' || undefined} className="btn-secondary mt-2">
          {t('resend')}
        </button>
      )}
    </div>
  );
}
