import { roubles, type InvoiceDocument } from '@/lib/billing/invoice';
import { contactDigest, contactFields, productFields, type LeadDefinition } from './lead-field';

/** One line of an invoice as its lead carries it: what (in both languages), for how long, how much (roubles as the API writes them). */
export interface InvoiceLeadItem {
  product: string;
  brand?: string;
  months: number;
  seats: number;
  name: { ru: string; en: string };
  amount: string;
}

/**
 * What sales get of an issued invoice (kind `invoice`, stored by issueInvoice with the invoice):
 * the account's contacts, the buying company, the number, the lines and the total. Receivers of
 * the webhook get these fields as they are.
 */
export type InvoiceLead = {
  name: string;
  phone: string;
  email: string;
  firm_name: string;
  inn: string;
  kpp: string;
  invoice_id: string;
  invoice_number: string;
  items: InvoiceLeadItem[];
  /** Roubles with two decimals, VAT included (`"42900.00"`). */
  total: string;
  /** The products bought, comma-separated catalogue ids (`epc,tis`). */
  product: string;
};

export const invoiceLead: LeadDefinition<InvoiceLead, 'invoice'> = {
  kinds: ['invoice'],
  digest: ['product', ...contactDigest, 'firm_name', 'invoice_number', 'total'],
  headline: { message: 'invoice', fields: ['invoice_number', 'firm_name', 'total'] },
  fields: [
    { name: 'invoice_number', label: 'invoice' },
    { name: 'total', label: 'total', show: { as: 'money' } },
    ...productFields,
    // A sole proprietor's name and INN name a person.
    { name: 'firm_name', label: 'firm', personal: true },
    { name: 'inn', label: 'inn', personal: true },
    { name: 'kpp', label: 'kpp' },
    ...contactFields,
    { name: 'items', label: 'items', show: { as: 'invoiceItems' } },
  ],
};

/** The lead of an invoice, from the account that asked for it and the invoice as issued. */
export function invoiceLeadOf(contact: Pick<InvoiceLead, 'name' | 'phone' | 'email'>, invoice: Pick<InvoiceDocument, 'id' | 'number' | 'buyer' | 'lines' | 'totalKopecks'>): InvoiceLead {
  return {
    ...contact,
    firm_name: invoice.buyer.name,
    inn: invoice.buyer.inn,
    kpp: invoice.buyer.kpp ?? '',
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    items: invoice.lines.map((line) => ({
      product: line.product,
      ...(line.brand ? { brand: line.brand } : {}),
      months: line.months,
      seats: line.seats,
      name: line.name,
      amount: roubles(line.amountKopecks),
    })),
    total: roubles(invoice.totalKopecks),
    product: [...new Set(invoice.lines.map((line) => line.product))].join(','),
  };
}
