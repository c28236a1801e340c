import { seatPrices, TIS_PRODUCT, type Period } from '@/content/price-book';
import { parseTisQuery } from '@/lib/tis/selection';

/** What a link into the partner area chooses for the order: `?buy=epc,tis&brands=bmw-mini,volvo&months=3`. */
export interface PurchaseChoice {
  /** Catalogues sold per workstation (`epc`, `vag`, `spec`, `moto`). */
  catalogues: string[];
  /** TIS brand ids of the current list. */
  brands: string[];
  months: Period;
}

/**
 * Reads the order a link asks for (the TIS calculator's «Get an invoice», a tariff): products the
 * price book does not sell and brands not on the list are left out; `brands` count only with
 * `tis` among `buy`; a period other than 1, 3, 6 or 12 months is the shortest.
 */
export function readPurchaseChoice(search: string): PurchaseChoice {
  const query = new URLSearchParams(search);
  const buy = new Set(
    query
      .getAll('buy')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim().toLowerCase()),
  );
  const catalogues = [...seatPrices.keys()].filter((product) => buy.has(product));
  const { selection } = parseTisQuery(query);
  return {
    catalogues,
    brands: buy.has(TIS_PRODUCT) ? [...selection.brands] : [],
    months: selection.months,
  };
}

/** The partner area's address choosing a TIS set (the calculator's link): `…/auth/account?buy=tis&brands=a,b&months=3`. */
export function tisPurchaseQuery(brands: readonly string[], months: number): string {
  return new URLSearchParams({ buy: TIS_PRODUCT, brands: brands.join(','), months: String(months) }).toString();
}
