'use client';

import { useEffect } from 'react';
import { metricaCounterId } from '@/lib/analytics';
import { isDeskPath } from '@/lib/paths';

/** For what waits on the framework's start (an open dialog's history entry, src/enhancer/dialogs.mjs). */
function booted() {
  window.__epcBooted = true;
  dispatchEvent(new Event('epc:booted'));
}

/**
 * Once React runs: the page's small behaviours. A pre-rendered page has run them already (the
 * edge serves it with the enhancer: src/build/lazy-boot.mjs), so its scripts do not carry them
 * again; on a page Next.js renders, they come as a chunk of their own, loaded here.
 */
export function EnhanceClient() {
  useEffect(() => {
    if (window.__epcEnhanced) return booted();
    void Promise.all([import('@/enhancer/enhance.mjs'), import('@/enhancer/metrica-consent.mjs')])
      .then(([{ enhance }, { enhanceConsent }]) => {
        // No analytics on the sales desk: its pages show customers' personal data.
        enhance({ metricaId: isDeskPath(window.location.pathname) ? undefined : metricaCounterId() }, enhanceConsent);
      })
      // The page works without them (its links and forms are React's); the start is announced anyway.
      .catch(() => undefined)
      .finally(booted);
  }, []);
  return null;
}
