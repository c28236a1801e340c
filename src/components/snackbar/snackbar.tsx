'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster } from 'sonner';
import { attachSnackbar, clearSnackbarError, snackbarKind, SNACKBAR_TIMEOUT_MS, type SnackbarMessage } from './snackbar-store';

/** Where the snackbar must live to be seen and used: inside an open modal dialog (the rest of the page is inert then), else the body. */
const currentHost = () => document.querySelector<HTMLElement>('dialog[open]') ?? document.body;

function show(message: SnackbarMessage) {
  const kind = snackbarKind(message);
  if (!kind) return;
  toast[kind](message[kind] ?? '', {
    duration: message.persistent ? Infinity : SNACKBAR_TIMEOUT_MS,
    onDismiss: clearSnackbarError,
    onAutoClose: clearSnackbarError,
  });
}

/** The snackbar (sonner), top-right; loaded with the first message. */
export function Snackbar() {
  const t = useTranslations('Dialogs');
  // Each message renders the snackbar where it must be, then shows (a move remounts the toaster).
  const [place, setPlace] = useState<{ host: HTMLElement } | null>(null);
  const waiting = useRef<SnackbarMessage[]>([]);
  useEffect(
    () =>
      attachSnackbar((message) => {
        waiting.current.push(message);
        setPlace({ host: currentHost() });
      }),
    [],
  );
  useEffect(() => waiting.current.splice(0).forEach(show), [place]);

  if (!place) return null;
  const { host } = place;
  return createPortal(
    <Toaster
      key={host === document.body ? 'body' : host.dataset.dialogName}
      position="top-right"
      duration={SNACKBAR_TIMEOUT_MS}
      closeButton
      richColors
      visibleToasts={4}
      toastOptions={{ className: 'whitespace-pre-line', closeButtonAriaLabel: t('snackbarClose') }}
      containerAriaLabel={t('snackbarLabel')}
    />,
    host,
  );
}
