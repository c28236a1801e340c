'use client';

import { useEffect } from 'react';

export const REF_SCROLL_DELAY_MS = 500;

/** `?ref=<id>` on the index: after 500 ms, scroll smoothly to the element with that id. */
export function RefScroller() {
  useEffect(() => {
    const ref = new URLSearchParams(window.location.search).get('ref');
    if (!ref) return;
    const timer = window.setTimeout(() => {
      document.getElementById(ref)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, REF_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}
