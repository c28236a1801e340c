import { findTisBrand } from '@/lib/tis/brands';
import { TIS_PERIODS } from '@/lib/tis/quote';
import { products } from '@/site/products.mjs';

/*
 * The price book: what can be bought and for how much, in one place. The index's tariffs, the TIS
 * calculator and the invoices all read it (src/site/products.mjs holds each catalogue's monthly
 * price per workstation, src/content/tis-prices.ts each TIS brand's). Prices include VAT. Amounts
 * here are integers in kopecks; the server alone computes an order's (`priceOrder`).
 */

/** The periods a subscription is sold for, in months (the TIS calculator's too). */
export const PERIODS = TIS_PERIODS;
export type Period = (typeof PERIODS)[number];

/** The most workstations one line may have: more is a contract with sales. */
export const MAX_SEATS = 100;

/** The catalogues sold per workstation, with their monthly price of one workstation, in kopecks. */
export const seatPrices: ReadonlyMap<string, number> = new Map(
  products.flatMap((product) => ('tariff' in product ? [[product.id, product.tariff.rubPerMonth * 100] as const] : [])),
);

/** The product whose lines are TIS brands. */
export const TIS_PRODUCT = 'tis';

/** A TIS brand's monthly price, in kopecks; undefined for a brand not in the current list. */
function tisBrandKopecks(id: string): number | undefined {
  const brand = findTisBrand(id);
  return brand ? brand.rubPerMonth * 100 : undefined;
}

/** What a customer orders: a catalogue for workstations, or TIS for brands. */
export type OrderItem = { product: string; months: number; seats: number } | { product: typeof TIS_PRODUCT; months: number; brands: readonly string[] };

/** An order's line, priced: `brand` names a TIS line. */
export interface PricedLine {
  product: string;
  brand?: string;
  months: number;
  seats: number;
  /** One month of the line (all its workstations). */
  priceKopecks: number;
  amountKopecks: number;
}

/**
 * An order's lines and total from the price book, or the first item that cannot be priced (its
 * index and field). An item is checked before this (the API's schema), so a miss here is a product,
 * brand or period the book does not sell.
 */
export function priceOrder(items: readonly OrderItem[]): { lines: PricedLine[]; totalKopecks: number } | { error: { item: number; field: 'product' | 'months' | 'seats' | 'brands' } } {
  const lines: PricedLine[] = [];
  for (const [index, item] of items.entries()) {
    if (!(PERIODS as readonly number[]).includes(item.months)) return { error: { item: index, field: 'months' } };
    if ('brands' in item) {
      if (item.product !== TIS_PRODUCT || !item.brands.length || new Set(item.brands).size !== item.brands.length) return { error: { item: index, field: 'brands' } };
      for (const brand of item.brands) {
        const perMonth = tisBrandKopecks(brand);
        if (perMonth === undefined) return { error: { item: index, field: 'brands' } };
        lines.push({ product: TIS_PRODUCT, brand, months: item.months, seats: 1, priceKopecks: perMonth, amountKopecks: perMonth * item.months });
      }
      continue;
    }
    const perSeat = seatPrices.get(item.product);
    if (perSeat === undefined) return { error: { item: index, field: 'product' } };
    if (!Number.isInteger(item.seats) || item.seats < 1 || item.seats > MAX_SEATS) return { error: { item: index, field: 'seats' } };
    const perMonth = perSeat * item.seats;
    lines.push({ product: item.product, months: item.months, seats: item.seats, priceKopecks: perMonth, amountKopecks: perMonth * item.months });
  }
  return { lines, totalKopecks: lines.reduce((sum, line) => sum + line.amountKopecks, 0) };
}
