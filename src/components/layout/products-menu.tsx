import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { productsIn } from '@/site/products.mjs';

interface Props {
  locale: Locale;
  /** The class of the entry itself, the same as the menu's other links. */
  className: string;
}

/**
 * «Продукты» / "Products" in the header's menu: a disclosure listing the product pages (the
 * `header` menu of src/site/products.mjs). A native <details>, so it opens without scripts, by
 * keyboard, and says expanded or collapsed to a screen reader. In the wide bar its list drops
 * down over the page; in the phone's menu (below `lg`) it opens in place.
 */
export async function ProductsMenu({ locale, className }: Props) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const names = await getTranslations({ locale, namespace: 'Footer.links' });
  return (
    <details className="group/products relative" data-menu="">
      <summary className={`${className} flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden`}>
        {t('productsMenu')}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="group-open/products:rotate-180">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <ul className="pl-3 lg:absolute lg:left-0 lg:z-10 lg:mt-2 lg:w-64 lg:rounded-lg lg:bg-brand-800 lg:p-2 lg:shadow-xl">
        {productsIn('header', locale).map((id) => (
          <li key={id}>
            <a href={localizedPath(locale, id)} className="block rounded-md px-3 py-2 text-white hover:bg-white/10">
              {names(id)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
