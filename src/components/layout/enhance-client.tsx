'use client';

import { useEffect } from 'react';
import { enhance } from '@/enhancer/enhance.mjs';
import { enhanceConsent } from '@/enhancer/metrica-consent.mjs';
import { metricaCounterId } from '@/lib/analytics';
import { isDeskPath } from '@/lib/paths';

/**
 * Once React runs: the page's small behaviours (the edge inlines the same enhancer into pages it
 * serves; here it covers pages Next.js renders, where it is the first to run).
 */
export function EnhanceClient() {
  useEffect(() => {
    // No analytics on the sales desk: its pages show customers' personal data.
    enhance({ metricaId: isDeskPath(window.location.pathname) ? undefined : metricaCounterId() }, enhanceConsent);
    window.__epcBooted = true;
    // For what waits on the framework's start (an open dialog's history entry, src/enhancer/dialogs.mjs).
    dispatchEvent(new Event('epc:booted'));
  }, []);
  return null;
}
