import 'server-only';
import { TIS_PRODUCT, type OrderItem } from '@/content/price-book';
import type { InvoiceLine } from '@/lib/billing/invoice';

/**
 * The order an invoice's lines came from, to issue it again: each product's workstations for its
 * months, and the TIS brands of each period together, in the invoice's order.
 */
export function orderOfLines(lines: readonly InvoiceLine[]): OrderItem[] {
  const items: OrderItem[] = [];
  for (const line of lines) {
    if (!line.brand) {
      items.push({ product: line.product, months: line.months, seats: line.seats });
      continue;
    }
    const tis = items.find((item): item is Extract<OrderItem, { brands: readonly string[] }> => 'brands' in item && item.months === line.months);
    if (tis) tis.brands = [...tis.brands, line.brand];
    else items.push({ product: TIS_PRODUCT, months: line.months, brands: [line.brand] });
  }
  return items;
}
