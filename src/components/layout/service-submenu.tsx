import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { productsIn } from '@/site/products.mjs';
import { SubMenuBuy } from './sub-menu-buy';
import { SubMenuLinks } from './sub-menu-links';

/** The product sub-menu of the service layout, with the buy button of the page's product. */
export async function ServiceSubMenu({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const items = productsIn('sub-menu', locale).map((page) => ({
    page,
    href: localizedPath(locale, page),
    label: t(`products.${page}`),
  }));
  return (
    <nav aria-label={t('productsNav')} className="border-b border-brand-100 bg-brand-50">
      <div className="container-page flex flex-wrap items-center gap-x-1 gap-y-2 py-2">
        <div className="-ml-1 flex min-w-0 flex-1 overflow-x-auto pr-2">
          <SubMenuLinks items={items} />
        </div>
        <SubMenuBuy label={t('buy')} className="btn-primary min-h-10 px-4 py-2 text-sm" />
      </div>
    </nav>
  );
}
