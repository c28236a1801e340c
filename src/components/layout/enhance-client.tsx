'use client';

import { useEffect } from 'react';
import { enhance } from '@/site/enhance.mjs';
import { metricaCounterId } from '@/lib/analytics';

/**
 * Once React runs: the page's small behaviours (the edge inlines the same enhancer into pages it
 * serves; here it covers pages Next.js renders, where it is the first to run).
 */
export function EnhanceClient() {
  useEffect(() => {
    enhance({ metricaId: metricaCounterId() });
    window.__epcBooted = true;
  }, []);
  return null;
}
