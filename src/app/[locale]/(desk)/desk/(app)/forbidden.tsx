import { useLocale, useTranslations } from 'next-intl';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

/** 403 for a `sales` account on an admin page of the desk. */
export default function DeskForbidden() {
  const t = useTranslations('Desk');
  const locale = useLocale();
  return (
    <section className="rounded-xl bg-white p-6 ring-1 ring-brand-100">
      <h1 className="mb-2 text-2xl font-bold text-brand-900">{t('forbidden.title')}</h1>
      <p className="mb-4 text-muted">{t('forbidden.text')}</p>
      <a href={localizedPath(isLocale(locale) ? locale : 'ru', 'desk')} className="btn-secondary">
        {t('forbidden.back')}
      </a>
    </section>
  );
}
