'use client';

import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { isServicePage } from '@/site/site-pages.mjs';
import { usePagePath } from './use-page-path';

/**
 * The sub-menu's «Купить»: this product's buy dialog, carrying the product (docs/decisions/026,
 * its amendment), whatever page of the product it is on (its tool's answer, an order outcome).
 * Without scripts it goes to the page's own order form, which carries the product too.
 */
export function SubMenuBuy({ label, className }: { label: string; className: string }) {
  const product = usePagePath().split('/')[0];
  return (
    <DialogTrigger dialog="order-buy" href="#order" data-fill={isServicePage(product) ? `product=${product}` : undefined} className={className}>
      {label}
    </DialogTrigger>
  );
}
