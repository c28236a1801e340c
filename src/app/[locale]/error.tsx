'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { BrandLogo } from '@/components/layout/brand-logo';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

/** A route that failed to render: status, a friendly message, retry and home. */
export default function LocaleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('Errors');
  const locale = useLocale();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 px-4 text-center">
      <a href={localizedPath(isLocale(locale) ? locale : 'ru', '')} className="rounded-md text-brand-900">
        <BrandLogo />
      </a>
      <p className="text-6xl font-extrabold text-brand-700">500</p>
      <h1 className="text-2xl font-bold text-brand-900">{t('title')}</h1>
      <p className="max-w-md text-muted">{t('message')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={reset}>
          {t('retry')}
        </button>
        <a href={localizedPath(isLocale(locale) ? locale : 'ru', '')} className="btn-secondary">
          {t('home')}
        </a>
      </div>
    </main>
  );
}
