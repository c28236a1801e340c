import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { products } from '@/site/products.mjs';
import type { DialogName } from './dialog-names';
import type { ProductNames } from './product-names';
import { SiteDialogs } from './site-dialogs';

/**
 * The dialogs `names` of a page, with the products' names for their titles (`Footer.links.<id>`,
 * as sales read them too): the client needs only these names, not the footer's messages.
 */
export async function PageDialogs({ locale, names }: { locale: Locale; names: DialogName[] }) {
  const t = await getTranslations({ locale, namespace: 'Footer' });
  const productNames: ProductNames = products.map((product) => [product.id, t(`links.${product.id}`)] as const);
  return <SiteDialogs names={names} products={productNames} />;
}
