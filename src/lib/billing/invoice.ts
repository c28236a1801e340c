/*
 * An invoice as it is stored and shown: the same data makes the partner area's page, its PDF, its
 * payment QR, the lead sales get and the desk's view. Amounts are integers in kopecks everywhere
 * but the text shown; the API writes them as roubles with two decimals (`roubles`).
 */

export type InvoiceStatus = 'issued' | 'paid' | 'cancelled';

/** As VAT_RATE gives it (src/settings/settings.mjs). */
export type VatRate = '22' | '20' | '10' | '7' | '5' | '0' | 'none';

/** A party of an invoice: the buyer as the customer or DaData gave it, the seller from the settings. */
export interface InvoiceParty {
  inn: string;
  /** An organisation's; a sole proprietor has none. */
  kpp?: string;
  name: string;
  address: string;
  ogrn?: string;
  director?: string;
}

export interface SellerParty extends InvoiceParty {
  bankName: string;
  bic: string;
  account: string;
  corrAccount: string;
}

/** One line of an invoice: a product's subscription (or one TIS brand's) for a period. */
export interface InvoiceLine {
  /** The product catalogue's id (`epc`, `vag`, `spec`, `moto`, `tis`). */
  product: string;
  /** A TIS line's brand id (`bmw-mini`). */
  brand?: string;
  months: number;
  /** Workstations (1 for a TIS brand). */
  seats: number;
  /** What the line is, frozen at issue in both languages. */
  name: { ru: string; en: string };
  /** The count the price is multiplied by: the months. */
  quantity: number;
  /** The price of one month, all seats, VAT included. */
  priceKopecks: number;
  amountKopecks: number;
}

/** The whole invoice as stored, frozen at issue; only its status, payment and cancellation change. */
export interface InvoiceDocument {
  id: string;
  /** `2026-000123`: the year and the invoice's place in it, without gaps. */
  number: string;
  /** `YYYY-MM-DD` (Moscow time). */
  date: string;
  dueDate: string;
  status: InvoiceStatus;
  seller: SellerParty;
  buyer: InvoiceParty;
  /** The buyer's e-mail (the account's): the receipt of a card payment goes there. */
  buyerEmail: string;
  lines: InvoiceLine[];
  totalKopecks: number;
  vatRate: VatRate;
  /** The VAT included in the total (0 with `none`). */
  vatKopecks: number;
  /** The version of the offer (`/about/oferta`) that paying the invoice accepts. */
  offerVersion: string;
  paidAt?: string;
  cancelledAt?: string;
  cancelReason?: string;
}

/** Kopecks as roubles with two decimals, as YooKassa writes amounts: `4740000` → `"47400.00"`. */
export function roubles(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Roubles written with up to two decimals (`"47400.00"`, `"47400"`) as kopecks; undefined when it is not an amount. */
export function kopecksOf(text: string): number | undefined {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The VAT included in a total at a rate: total × rate / (100 + rate), rounded to the kopeck. */
export function includedVat(totalKopecks: number, rate: VatRate): number {
  if (rate === 'none' || rate === '0') return 0;
  const percent = Number(rate);
  return Math.round((totalKopecks * percent) / (100 + percent));
}
