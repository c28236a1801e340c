import type { InvoiceParty, InvoiceStatus, SellerParty, VatRate } from '@/lib/billing/invoice';

/*
 * The answers of the purchase's API as the partner area reads them (src/server/billing/routes.ts
 * makes them; tests/billing/partner-area-api.test.ts holds the two together).
 */

interface ApiInvoiceItem {
  product: string;
  brand?: string;
  months: number;
  seats: number;
  name: string;
  /** Roubles with two decimals (`"7800.00"`): one month of the line. */
  price: string;
  amount: string;
}

export interface ApiInvoice {
  id: string;
  number: string;
  date: string;
  dueDate: string;
  status: InvoiceStatus;
  overdue: boolean;
  total: string;
  vat: string;
  vatRate: VatRate;
  items: ApiInvoiceItem[];
  company: InvoiceParty;
  seller: SellerParty;
  offerVersion: string;
  pdf: string;
  paidAt?: string;
  cancelledAt?: string;
  cancelReason?: string;
  /** The payment QR code's text (GOST R 56042-2014, `ST00012|…`), when the server gives it. */
  qr?: string;
}

export interface PurchaseTerms {
  enabled: boolean;
  card: boolean;
  lookup: boolean;
  vatRate: VatRate;
  dueDays: number;
}

export interface SavedCompany {
  inn: string;
  kpp: string;
  name: string;
  address: string;
}

export interface ApiSubscription {
  product: string;
  seats: number;
  brands: string[];
  from: string;
  until: string;
  invoice: string;
}

/** `GET /api/companies/{inn}`: what the register (DaData) said. */
export interface CompanyLookup {
  lookup: 'found' | 'notFound' | 'unavailable' | 'off';
  company?: { inn: string; kpp?: string; ogrn?: string; name: string; address: string; director?: string };
}
