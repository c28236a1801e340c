'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { attachSnackbar, clearSnackbarError, snackbarKind, SNACKBAR_TIMEOUT_MS } from './snackbar-store';

/** The snackbar (sonner), top-right; loaded with the first message. */
export function Snackbar() {
  const t = useTranslations('Dialogs');
  useEffect(
    () =>
      attachSnackbar((message) => {
        const kind = snackbarKind(message);
        if (!kind) return;
        const text = message[kind] ?? '';
        toast[kind](text, {
          duration: message.persistent ? Infinity : SNACKBAR_TIMEOUT_MS,
          onDismiss: clearSnackbarError,
          onAutoClose: clearSnackbarError,
        });
      }),
    [],
  );
  return (
    <Toaster
      position="top-right"
      duration={SNACKBAR_TIMEOUT_MS}
      closeButton
      richColors
      visibleToasts={4}
      toastOptions={{ className: 'whitespace-pre-line', closeButtonAriaLabel: t('snackbarClose') }}
      containerAriaLabel={t('snackbarLabel')}
    />
  );
}
