'use client';

import { useLocationSearch } from '@/components/layout/use-location-search';

/**
 * The outcome of the order form's post (?order=sent|invalid). `result` comes from the server
 * when the page was rendered for that outcome (works without scripts); otherwise the URL is read.
 */
export function OrderResult({ sent, invalid, result }: { sent: string; invalid: string; result?: 'sent' | 'invalid' }) {
  const fromUrl = new URLSearchParams(useLocationSearch()).get('order');
  const outcome = result ?? (fromUrl === 'sent' || fromUrl === 'invalid' ? fromUrl : undefined);
  return (
    <p
      role="status"
      className={
        outcome === 'sent'
          ? 'mt-4 rounded-lg bg-green-50 px-4 py-3 font-semibold text-green-900 ring-1 ring-green-200'
          : outcome === 'invalid'
            ? 'mt-4 rounded-lg bg-red-50 px-4 py-3 font-semibold text-red-800 ring-1 ring-red-200'
            : 'sr-only'
      }
    >
      {outcome === 'sent' ? sent : outcome === 'invalid' ? invalid : ''}
    </p>
  );
}
