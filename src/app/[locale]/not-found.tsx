import { useLocale, useTranslations } from 'next-intl';
import { NotFoundHelp } from '@/components/layout/not-found-help';
import { NotFoundView } from '@/components/layout/not-found-view';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

export default function LocaleNotFound() {
  const t = useTranslations('Errors');
  const locale = useLocale();
  const known = isLocale(locale) ? locale : 'ru';
  return (
    <NotFoundView title={t('notFound')} documentTitle={t('notFoundTitle')} homeLabel={t('home')} homeHref={localizedPath(known, '')}>
      <NotFoundHelp locale={known} />
    </NotFoundView>
  );
}
