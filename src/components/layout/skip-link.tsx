import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';

/** First focusable element: jumps past the navigation. */
export async function SkipLink({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  return (
    <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
      {t('skipToContent')}
    </a>
  );
}
