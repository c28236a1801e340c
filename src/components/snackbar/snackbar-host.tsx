'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { dropQueuedMessages, onSnackbarNeeded } from './snackbar-store';

/**
 * Mounted once per page: loads and mounts the snackbar when the first message arrives. A load
 * that fails (the connection is gone: the message is often that very failure) never reloads the
 * page, which would lose what a form holds: it is tried again with the next message once the
 * connection is back, and the messages that waited for it, about a state now past, are dropped.
 */
export function SnackbarHost() {
  const [Snackbar, setSnackbar] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    let waiting = false;
    const back = () => {
      waiting = false;
      dropQueuedMessages();
    };
    const load = () => {
      if (loading || waiting) return;
      loading = true;
      import('./snackbar').then(
        (module) => setSnackbar(() => module.Snackbar),
        () => {
          loading = false;
          waiting = true;
          addEventListener('online', back, { once: true });
        },
      );
    };
    const stop = onSnackbarNeeded(load);
    return () => {
      stop();
      removeEventListener('online', back);
    };
  }, []);
  return Snackbar ? <Snackbar /> : null;
}
