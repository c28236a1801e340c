import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { QueryLink } from './query-link';

/** The fixed 'Купить каталог' button: to the tariffs, carrying the visit's utm_* parameters. */
export async function BuyCatalogButton({ locale, onIndex }: { locale: Locale; onIndex: boolean }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  return (
    <QueryLink
      href={onIndex ? '#tarif' : `${localizedPath(locale, '')}#tarif`}
      carry="utm"
      className="btn-primary fixed right-4 bottom-4 z-30 shadow-lg"
    >
      {t('buyCatalog')}
    </QueryLink>
  );
}
