'use client';

import { useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import { priceOrder } from '@/content/price-book';
import { formatMoney } from '@/lib/money';
import type { PurchaseTerms } from '@/lib/partner/api-types';
import { orderItems, priceableItems, type OrderDraft } from '@/lib/partner/purchase-order';
import { findTisBrand } from '@/lib/tis/brands';

/**
 * The order's running total from the price book (the server's own pricing, run here on what the
 * form holds), in whole roubles as the price list has them: an estimate, and the page says so;
 * the invoice's amount is the server's.
 */
export function OrderEstimate({ locale, order, purchase, productNames }: { locale: Locale; order: OrderDraft; purchase: PurchaseTerms; productNames: Readonly<Record<string, string>> }) {
  const t = useTranslations('PartnerArea');
  const priced = priceOrder(priceableItems(orderItems(order).items));
  const lines = 'lines' in priced ? priced.lines : [];
  const total = 'totalKopecks' in priced ? priced.totalKopecks : 0;
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 sm:p-6">
      <h3 className="text-lg font-bold text-brand-900">{t('purchase.estimate')}</h3>
      {lines.length ? (
        <>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {lines.map((line) => (
              <li key={`${line.product}-${line.brand ?? ''}`} className="flex justify-between gap-3">
                <span className="min-w-0">
                  {line.brand
                    ? t('purchase.lineTis', { brand: findTisBrand(line.brand)?.brand ?? line.brand })
                    : t('purchase.lineSeats', { product: productNames[line.product] ?? line.product, seats: line.seats })}
                </span>
                <span className="whitespace-nowrap tabular-nums">{formatMoney(line.amountKopecks / 100, 'RUB', locale)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 flex flex-wrap justify-between gap-x-3 border-t border-brand-200 pt-3 text-lg font-bold text-ink">
            <span>{t('purchase.total', { period: t('months', { months: order.months }) })}</span>
            <span className="whitespace-nowrap tabular-nums" data-estimate-total="">
              {formatMoney(total / 100, 'RUB', locale)}
            </span>
          </p>
        </>
      ) : (
        <p className="mt-3 text-muted">{t('purchase.estimateEmpty')}</p>
      )}
      <p className="mt-3 text-sm text-muted">{purchase.vatRate === 'none' ? t('purchase.vatNone') : t('purchase.vat', { rate: purchase.vatRate })}</p>
      <p className="mt-1 text-sm text-muted">{t('purchase.serverCounts')}</p>
    </div>
  );
}
