'use client';

import { useEffect } from 'react';
import { requestDialog, type DialogName } from '@/components/dialogs/dialog-events';
import { enhance } from '@/edge/enhance.mjs';
import { metricaCounterId } from '@/lib/analytics';

declare global {
  interface Window {
    __epcBooted?: boolean;
    __epcPendingDialog?: string;
  }
}

/**
 * Once React runs: the page's small behaviours (the edge inlines the same enhancer into pages it
 * serves; here it covers pages Next.js renders), and the dialog a visitor asked for before the
 * page's scripts had started.
 */
export function EnhanceClient() {
  useEffect(() => {
    enhance({ metricaId: metricaCounterId() });
    window.__epcBooted = true;
    const pending = window.__epcPendingDialog as DialogName | undefined;
    if (!pending) return;
    window.__epcPendingDialog = undefined;
    // After every effect of this commit, so the dialog host is listening.
    const timer = window.setTimeout(() => {
      document.querySelectorAll('[data-dialog][aria-busy]').forEach((trigger) => trigger.removeAttribute('aria-busy'));
      requestDialog(pending);
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
