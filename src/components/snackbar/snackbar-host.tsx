'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { loadChunk } from '@/components/navigation/chunk-reload';
import { onSnackbarNeeded } from './snackbar-store';

// The snackbar loads with the first message only.
const Snackbar = lazy(() => loadChunk(() => import('./snackbar')).then((m) => ({ default: m.Snackbar })));

/** Mounted once per page: mounts the snackbar when the first message arrives. */
export function SnackbarHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onSnackbarNeeded(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <Snackbar />
    </Suspense>
  ) : null;
}
