import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { QueryLink } from './query-link';

/**
 * The floating 'Купить каталог' button: to the tariffs, carrying the visit's utm_* parameters.
 * Placed last in the part of the page between the hero and the footer, it sticks to the bottom
 * of the screen only while that part is in view: it never lies over the hero (its VIN check) nor
 * the footer, without a script. Its row is as tall as the button and pulled up by as much, so it
 * takes no room (no layout shift); the row lets taps through, the button takes them.
 */
export async function BuyCatalogButton({ locale, onIndex }: { locale: Locale; onIndex: boolean }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  return (
    <div className="pointer-events-none sticky bottom-4 z-30 -mt-14 flex h-14 items-end justify-end px-4">
      <QueryLink href={onIndex ? '#tarif' : `${localizedPath(locale, '')}#tarif`} carry="utm" className="btn-primary pointer-events-auto shadow-lg">
        {t('buyCatalog')}
      </QueryLink>
    </div>
  );
}
