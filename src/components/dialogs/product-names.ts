import type { ProductId } from '@/site/products.mjs';
import type { ProductTitle } from './dialog-shell';

/** Each product of the catalogue with its name in the page's language, for the dialogs' titles. */
export type ProductNames = ReadonlyArray<readonly [ProductId, string]>;

/** A dialog's title for each product (`Заказать демо — VAG`), made by `titled` from the product's name. */
export function productTitles(names: ProductNames, titled: (product: string) => string): ProductTitle[] {
  return names.map(([product, name]) => ({ product, title: titled(name) }));
}
