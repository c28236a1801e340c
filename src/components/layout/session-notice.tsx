'use client';

import { useLocationSearch } from './use-location-search';

/** Shown on the sign-in page when it was reached by `?message=session` (the session expired). */
export function SessionNotice({ text }: { text: string }) {
  const expired = new URLSearchParams(useLocationSearch()).get('message') === 'session';
  return (
    <p role="status" className={expired ? 'mt-4 rounded-md bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200' : 'sr-only'}>
      {expired ? text : ''}
    </p>
  );
}
