'use client';

import { useTranslations } from 'next-intl';
import { inputClass } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { MAX_SEATS, PERIODS, seatPrices, type Period } from '@/content/price-book';
import { formatMoney } from '@/lib/money';
import type { OrderDraft } from '@/lib/partner/purchase-order';
import { tisBrands } from '@/lib/tis/brands';

interface Props {
  locale: Locale;
  order: OrderDraft;
  /** Changes the order (and takes the errors of the parts changed away). */
  change: (next: OrderDraft, fields: string[]) => void;
  errors: Readonly<Record<string, string>>;
  productNames: Readonly<Record<string, string>>;
}

const choice = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1 hover:bg-brand-50';
const legend = 'text-base font-semibold text-brand-900';
/** The dialogs' input look, narrow: a number of up to three digits. */
const seatsInput = inputClass.replace('w-full', 'w-24');

function FieldNote({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * What is ordered: catalogues, each for a number of workstations; TIS brands of the current list;
 * one period for all. Prices are the price book's, per month.
 */
export function OrderFields({ locale, order, change, errors, productNames }: Props) {
  const t = useTranslations('PartnerArea');
  const setSeats = (product: string, seats: string | undefined) => {
    const next = { ...order.seats };
    if (seats === undefined) delete next[product];
    else next[product] = seats;
    change({ ...order, seats: next }, [`seats.${product}`, 'items']);
  };
  const toggleBrand = (id: string, on: boolean) =>
    change({ ...order, brands: on ? tisBrands.map((brand) => brand.id).filter((brand) => brand === id || order.brands.includes(brand)) : order.brands.filter((brand) => brand !== id) }, ['brands', 'items']);
  return (
    <fieldset className="flex min-w-0 flex-col gap-6" aria-describedby={errors.items ? 'purchase-items-error' : undefined}>
      <legend className="mb-3 text-lg font-semibold text-brand-900">{t('purchase.order')}</legend>
      <FieldNote id="purchase-items-error" message={errors.items} />
      <fieldset className="min-w-0" aria-invalid={errors.items ? true : undefined}>
        <legend className={legend}>{t('purchase.catalogues')}</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {[...seatPrices].map(([product, perSeat]) => {
            const seats = order.seats[product];
            const error = errors[`seats.${product}`];
            const id = `purchase-seats-${product}`;
            return (
              <li key={product} className="rounded-lg p-2 ring-1 ring-slate-200">
                <label className={choice}>
                  <input type="checkbox" checked={seats !== undefined} onChange={(event) => setSeats(product, event.target.checked ? '1' : undefined)} className="size-5 shrink-0 accent-brand-600" />
                  <span>
                    <span className="block font-semibold text-ink">{productNames[product] ?? product}</span>
                    <span className="block text-sm text-muted">{t('purchase.perSeat', { price: formatMoney(perSeat / 100, 'RUB', locale) })}</span>
                  </span>
                </label>
                {seats === undefined ? null : (
                  <div className="mt-2 flex flex-wrap items-center gap-3 px-2 pb-1">
                    <label htmlFor={id} className="text-sm font-semibold text-ink">
                      {t('purchase.seats')}
                    </label>
                    <input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_SEATS}
                      step={1}
                      value={seats}
                      onChange={(event) => setSeats(product, event.target.value)}
                      aria-label={t('purchase.seatsOf', { product: productNames[product] ?? product })}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className={seatsInput}
                    />
                    <div className="basis-full">
                      <FieldNote id={`${id}-error`} message={error} />
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="min-w-0" aria-invalid={errors.brands ? true : undefined} aria-describedby={errors.brands ? 'purchase-brands-error' : undefined}>
        <legend className={legend}>{t('purchase.tis')}</legend>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {tisBrands.map((brand) => (
            <li key={brand.id}>
              <label className={choice}>
                <input type="checkbox" name="brands" value={brand.id} checked={order.brands.includes(brand.id)} onChange={(event) => toggleBrand(brand.id, event.target.checked)} className="size-5 shrink-0 accent-brand-600" />
                <span>
                  <span className="block">{brand.brand}</span>
                  <span className="block text-sm text-muted tabular-nums">{t('purchase.perMonth', { price: formatMoney(brand.rubPerMonth, 'RUB', locale) })}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FieldNote id="purchase-brands-error" message={errors.brands} />
      </fieldset>
      <fieldset className="min-w-0" aria-invalid={errors.months ? true : undefined} aria-describedby={errors.months ? 'purchase-months-error' : undefined}>
        <legend className={legend}>{t('purchase.period')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PERIODS.map((months) => (
            <label key={months} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600">
              <input type="radio" name="months" value={months} checked={order.months === months} onChange={() => change({ ...order, months: months as Period }, ['months'])} className="size-4 accent-brand-600" />
              {t('months', { months })}
            </label>
          ))}
        </div>
        <FieldNote id="purchase-months-error" message={errors.months} />
      </fieldset>
    </fieldset>
  );
}
