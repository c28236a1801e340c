import { MAX_SEATS, seatPrices, TIS_PRODUCT, type OrderItem, type Period } from '@/content/price-book';
import { innKind, innProblem } from '@/lib/requisites/inn.mjs';
import { kppProblem } from '@/lib/requisites/kpp.mjs';

/*
 * The partner area's order form as the body of `POST /api/invoices`, and what the browser checks
 * before sending it: the same rules as the server's schema (src/lib/billing/order-schema.ts),
 * written without zod so that the page does not carry it, with the errors named as the server
 * names them (`company.inn`, `items.0.seats`). The server checks again and prices the order.
 */

export interface CompanyDraft {
  inn: string;
  kpp: string;
  name: string;
  address: string;
}

export interface OrderDraft {
  /** The chosen catalogues and their workstations as typed. */
  seats: Readonly<Record<string, string>>;
  brands: readonly string[];
  months: Period;
}

/** An INN as typed, without spaces. */
export const innOf = (typed: string) => typed.replace(/\s+/g, '');

/** A sole proprietor's INN (12 digits): no KPP. */
export const isPersonInn = (typed: string) => innKind(innOf(typed)) === 'person';

/** The company as the API takes it: no KPP for a sole proprietor. */
export function companyBody(company: CompanyDraft) {
  const inn = innOf(company.inn);
  const kpp = company.kpp.replace(/\s+/g, '').toUpperCase();
  return { inn, ...(isPersonInn(inn) ? {} : { kpp }), name: company.name.trim(), address: company.address.trim() };
}

/** The order's items in the form's order (catalogues as the price book lists them, then TIS), and which part of the form each came from. */
export function orderItems(order: OrderDraft): { items: OrderItem[]; owners: string[] } {
  const items: OrderItem[] = [];
  const owners: string[] = [];
  for (const product of seatPrices.keys()) {
    const typed = order.seats[product];
    if (typed === undefined) continue;
    items.push({ product, months: order.months, seats: Number(typed.trim() || Number.NaN) });
    owners.push(product);
  }
  if (order.brands.length) {
    items.push({ product: TIS_PRODUCT, months: order.months, brands: [...order.brands] });
    owners.push(TIS_PRODUCT);
  }
  return { items, owners };
}

const validSeats = (seats: number) => Number.isInteger(seats) && seats >= 1 && seats <= MAX_SEATS;

/** The items that can be priced as they stand (for the estimate while the form is being filled). */
export function priceableItems(items: readonly OrderItem[]): OrderItem[] {
  return items.filter((item) => 'brands' in item || validSeats(item.seats));
}

/** A `Validation` message key, or `chooseSomething` (the partner area's own) for an empty order. */
type PurchaseProblem = 'required' | 'innFormat' | 'innChecksum' | 'kppRequired' | 'kppFormat' | 'companyNameRequired' | 'companyAddressRequired' | 'invalidSeats' | 'chooseSomething';

/**
 * What is wrong with the form, by the server's field names; each value a `Validation` message key,
 * or `chooseSomething` for an empty order.
 */
export function purchaseProblems(company: CompanyDraft, order: OrderDraft): Record<string, PurchaseProblem> {
  const problems: Record<string, PurchaseProblem> = {};
  const body = companyBody(company);
  const inn = innProblem(body.inn);
  if (!body.inn) problems['company.inn'] = 'required';
  else if (inn) problems['company.inn'] = inn === 'format' ? 'innFormat' : 'innChecksum';
  if ('kpp' in body) {
    if (!body.kpp) problems['company.kpp'] = 'kppRequired';
    else if (kppProblem(body.kpp)) problems['company.kpp'] = 'kppFormat';
  }
  if (!body.name) problems['company.name'] = 'companyNameRequired';
  if (!body.address) problems['company.address'] = 'companyAddressRequired';
  const { items } = orderItems(order);
  if (!items.length) problems.items = 'chooseSomething';
  items.forEach((item, index) => {
    if (!('brands' in item) && !validSeats(item.seats)) problems[`items.${index}.seats`] = 'invalidSeats';
  });
  return problems;
}
