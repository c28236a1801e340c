import 'server-only';
import type { InvoiceRow } from '@/db/schema';
import { roubles, type InvoiceDocument, type InvoiceStatus, type VatRate } from '@/lib/billing/invoice';
import { paymentQrText } from '@/lib/billing/payment-qr';
import type { Locale } from '@/site/locales.mjs';
import { moscowDay } from './calendar';

/** The stored row as the invoice it is. */
export function documentOf(row: InvoiceRow): InvoiceDocument {
  return {
    id: row.id,
    number: row.number,
    date: row.issuedOn,
    dueDate: row.dueOn,
    status: row.status as InvoiceStatus,
    seller: row.seller,
    buyer: row.buyer,
    buyerEmail: row.buyerEmail,
    lines: row.lines,
    totalKopecks: row.totalKopecks,
    vatRate: row.vatRate as VatRate,
    vatKopecks: row.vatKopecks,
    offerVersion: row.offerVersion,
    ...(row.paidAt ? { paidAt: row.paidAt.toISOString() } : {}),
    ...(row.cancelledAt ? { cancelledAt: row.cancelledAt.toISOString() } : {}),
    ...(row.cancelReason ? { cancelReason: row.cancelReason } : {}),
  };
}

/** Where an invoice's PDF is (it opens with the Bearer token of its account). */
export const invoicePdfPath = (id: string) => `/api/invoices/${id}/pdf`;

/** An issued invoice past its due date (Moscow calendar), not paid. */
export const isOverdue = (invoice: Pick<InvoiceDocument, 'status' | 'dueDate'>, today = moscowDay()) => invoice.status === 'issued' && invoice.dueDate < today;

/**
 * An invoice as the API answers it: amounts as roubles with two decimals, its lines named in the
 * request's language, where its PDF is (and, given a signer, a signed link to it that works
 * without the token for a while: pdf-link.ts).
 */
export function apiInvoice(invoice: InvoiceDocument, locale: Locale, signedPdfLink?: (id: string) => string) {
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.date,
    dueDate: invoice.dueDate,
    status: invoice.status,
    overdue: isOverdue(invoice),
    total: roubles(invoice.totalKopecks),
    vat: roubles(invoice.vatKopecks),
    vatRate: invoice.vatRate,
    currency: 'RUB',
    items: invoice.lines.map((line) => ({
      product: line.product,
      ...(line.brand ? { brand: line.brand } : {}),
      months: line.months,
      seats: line.seats,
      name: line.name[locale],
      price: roubles(line.priceKopecks),
      amount: roubles(line.amountKopecks),
    })),
    company: invoice.buyer,
    seller: invoice.seller,
    offerVersion: invoice.offerVersion,
    pdf: invoicePdfPath(invoice.id),
    // The payment QR's text (GOST R 56042-2014) while the invoice is to be paid: no bank app is offered a paid or cancelled one.
    ...(invoice.status === 'issued' ? { qr: paymentQrText(invoice) } : {}),
    ...(signedPdfLink ? { pdfLink: signedPdfLink(invoice.id) } : {}),
    ...(invoice.paidAt ? { paidAt: invoice.paidAt } : {}),
    ...(invoice.cancelledAt ? { cancelledAt: invoice.cancelledAt, cancelReason: invoice.cancelReason ?? '' } : {}),
  };
}
