import { findTisBrand, type TisBrand } from './brands';

export const TIS_PERIODS = [1, 3, 6, 12] as const;
export type TisPeriod = (typeof TIS_PERIODS)[number];

export const TIS_CURRENCIES = ['RUB', 'EUR'] as const;
export type TisCurrency = (typeof TIS_CURRENCIES)[number];

export interface TisSelection {
  /** Price-list ids (`tisBrands`). */
  brands: readonly string[];
  months: TisPeriod;
  currency: TisCurrency;
}

interface TisQuoteLine {
  id: string;
  brand: string;
  perMonth: number;
  amount: number;
}

export interface TisQuote {
  currency: TisCurrency;
  months: TisPeriod;
  lines: TisQuoteLine[];
  total: number;
}

/**
 * The price list holds a monthly price in each currency (rubPerMonth, eurPerMonth), so nothing is
 * converted: a line is that month's price in the chosen currency times the months, with no
 * discount for longer periods because the list gives none.
 */
export function monthlyPrice(brand: TisBrand, currency: TisCurrency): number {
  return currency === 'RUB' ? brand.rubPerMonth : brand.eurPerMonth;
}

/** Each chosen brand's line and the total, from the current price list; unknown ids are skipped. */
export function quoteTis({ brands, months, currency }: TisSelection): TisQuote {
  const lines: TisQuoteLine[] = [];
  for (const id of new Set(brands)) {
    const brand = findTisBrand(id);
    if (!brand) continue;
    const perMonth = monthlyPrice(brand, currency);
    lines.push({ id, brand: brand.brand, perMonth, amount: perMonth * months });
  }
  return { currency, months, lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}
