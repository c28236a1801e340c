'use client';

import type { Ref } from 'react';
import { useLocationSearch } from '@/components/layout/use-location-search';

/**
 * The outcome of the order form's post (?order=sent|invalid). `result` comes from the server
 * when the page was rendered for that outcome (works without scripts), or from the form once it
 * sent in place; otherwise the URL is read. It takes the focus when the form sent in place.
 */
export function OrderResult({ sent, invalid, result, ref }: { sent: string; invalid: string; result?: 'sent' | 'invalid'; ref?: Ref<HTMLParagraphElement> }) {
  const fromUrl = new URLSearchParams(useLocationSearch()).get('order');
  const outcome = result ?? (fromUrl === 'sent' || fromUrl === 'invalid' ? fromUrl : undefined);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={
        outcome === 'sent'
          ? 'mt-4 rounded-lg bg-green-50 px-4 py-3 font-semibold text-green-900 ring-1 ring-green-200 focus:outline-2 focus:outline-green-700'
          : outcome === 'invalid'
            ? 'mt-4 rounded-lg bg-red-50 px-4 py-3 font-semibold text-red-800 ring-1 ring-red-200'
            : 'sr-only'
      }
    >
      {outcome === 'sent' ? sent : outcome === 'invalid' ? invalid : ''}
    </p>
  );
}
