'use client';

import { useTranslations } from 'next-intl';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onSnackbarNeeded, showSnackbar } from '@/components/snackbar/snackbar-store';
import { loadChunk } from '@/components/navigation/chunk-reload';
import { OPEN_DIALOG_EVENT, type DialogName, type OpenDialogDetail } from './dialog-events';

// The dialogs and their libraries (Radix, the phone input, zod, sonner) load on first use only.
const FeedbackDialog = lazy(() => loadChunk(() => import('./feedback-dialog')).then((m) => ({ default: m.FeedbackDialog })));
const AuthDialog = lazy(() => loadChunk(() => import('./auth-dialog')).then((m) => ({ default: m.AuthDialog })));
const LeadDialog = lazy(() => loadChunk(() => import('./lead-dialog')).then((m) => ({ default: m.LeadDialog })));
const OrderDialog = lazy(() => loadChunk(() => import('./order-dialog')).then((m) => ({ default: m.OrderDialog })));
const Snackbar = lazy(() => loadChunk(() => import('@/components/snackbar/snackbar')).then((m) => ({ default: m.Snackbar })));

function DialogByName({ name, onClose }: { name: DialogName; onClose: () => void }) {
  switch (name) {
    case 'feedback':
      return <FeedbackDialog onClose={onClose} />;
    case 'auth':
      return <AuthDialog onClose={onClose} />;
    case 'buy':
    case 'demo':
      return <LeadDialog kind={name} onClose={onClose} />;
    case 'order-buy':
      return <OrderDialog kind="buy" onClose={onClose} />;
    case 'order-demo':
      return <OrderDialog kind="demo" onClose={onClose} />;
  }
}

/** A dialog whose code cannot be loaded closes with a message instead of taking the page down. */
class DialogBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounted once per page: opens the dialog a trigger asks for, and the snackbar when needed. */
export function DialogHost() {
  const [open, setOpen] = useState<{ name: DialogName; key: number } | null>(null);
  const [snackbar, setSnackbar] = useState(false);
  const t = useTranslations('ApiClient');

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<OpenDialogDetail>).detail;
      detail.handled = true;
      setOpen({ name: detail.name, key: Date.now() });
    };
    window.addEventListener(OPEN_DIALOG_EVENT, onOpen);
    document.documentElement.dataset.dialogHost = 'ready';
    return () => window.removeEventListener(OPEN_DIALOG_EVENT, onOpen);
  }, []);

  useEffect(() => onSnackbarNeeded(() => setSnackbar(true)), []);

  return (
    <>
      {snackbar ? (
        <Suspense fallback={null}>
          <Snackbar />
        </Suspense>
      ) : null}
      {open ? (
        <DialogBoundary
          key={open.key}
          onError={() => {
            setOpen(null);
            showSnackbar({ error: t('network') });
          }}
        >
          <Suspense fallback={null}>
            <DialogByName name={open.name} onClose={() => setOpen(null)} />
          </Suspense>
        </DialogBoundary>
      ) : null}
    </>
  );
}
