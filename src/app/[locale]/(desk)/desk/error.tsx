'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

/** How long the page waits before it tries again by itself. */
const RETRY_MS = 30_000;

/**
 * A desk page that could not be rendered (its data out of reach: the database down, answered 503
 * with Retry-After by the app process): says so in the desk's frame, and loads it again by itself
 * (the render failed on the server: a fresh request, not a client re-render).
 */
export default function DeskError({ error }: { error: Error & { digest?: string } }) {
  const t = useTranslations('Errors');
  useEffect(() => {
    console.error(error);
    const timer = setTimeout(() => window.location.reload(), RETRY_MS);
    return () => clearTimeout(timer);
  }, [error]);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold text-brand-900">{t('deskUnavailableTitle')}</h1>
      <p className="text-muted">{t('deskUnavailableMessage')}</p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        {t('retry')}
      </button>
    </main>
  );
}
