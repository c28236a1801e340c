import 'server-only';
import { roubles, type InvoiceDocument, type VatRate } from '@/lib/billing/invoice';

/**
 * YooKassa's `vat_code` for each VAT_RATE, from its table of 54-FZ values
 * (yookassa.ru/developers/54fz/parameters-values, «Коды ставок НДС»: 1 no VAT, 2 0%, 3 10%, 4 20%,
 * 7 5%, 8 7%, 11 22% since 2026; 5, 6, 9, 10, 12 are the calculated rates 10/110, 20/120, 5/105,
 * 7/107, 22/122). The rate itself, not the calculated one: the receipt is a full payment
 * (`full_payment`) for a service that starts when it is paid, not an advance.
 */
const VAT_CODES: Record<VatRate, number> = { none: 1, '0': 2, '10': 3, '20': 4, '5': 7, '7': 8, '22': 11 };

/** YooKassa's limit on a payment's and a receipt line's description. */
const DESCRIPTION_MAX = 128;

interface ReceiptItem {
  description: string;
  quantity: string;
  amount: { value: string; currency: 'RUB' };
  vat_code: number;
  payment_mode: 'full_payment';
  payment_subject: 'service';
}

export interface PaymentRequest {
  amount: { value: string; currency: 'RUB' };
  capture: true;
  confirmation: { type: 'redirect'; return_url: string };
  description: string;
  metadata: { invoice_id: string; invoice_number: string };
  receipt: { customer: { full_name: string; inn: string; email: string }; items: ReceiptItem[] };
}

/**
 * The invoice's lines as the 54-FZ receipt's: in Russian (a receipt is), each a month's price
 * times the months when that is exact, else the line's whole amount once, so that they add up to
 * the invoice's total to the kopeck (YooKassa refuses a receipt that does not).
 */
function receiptItems(invoice: InvoiceDocument): ReceiptItem[] {
  const items = invoice.lines.map((line) => {
    const perMonth = line.priceKopecks * line.quantity === line.amountKopecks;
    return {
      description: line.name.ru.slice(0, DESCRIPTION_MAX),
      quantity: `${perMonth ? line.quantity : 1}.00`,
      amount: { value: roubles(perMonth ? line.priceKopecks : line.amountKopecks), currency: 'RUB' as const },
      vat_code: VAT_CODES[invoice.vatRate],
      payment_mode: 'full_payment' as const,
      payment_subject: 'service' as const,
    };
  });
  const sum = invoice.lines.reduce((total, line) => total + line.amountKopecks, 0);
  if (sum !== invoice.totalKopecks) throw new Error(`invoice ${invoice.id}: its lines make ${sum} kopecks, its total ${invoice.totalKopecks}`);
  return items;
}

/**
 * The body of `POST /v3/payments` for an invoice: its exact total, paid at once (`capture`), the
 * customer sent back to `returnUrl`, the invoice named in `metadata` (what a notification is
 * matched by) and the receipt for the buyer (the organisation, its INN and the account's e-mail).
 */
export function paymentRequestOf(invoice: InvoiceDocument, returnUrl: string, description: string): PaymentRequest {
  return {
    amount: { value: roubles(invoice.totalKopecks), currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: returnUrl },
    description: description.slice(0, DESCRIPTION_MAX),
    metadata: { invoice_id: invoice.id, invoice_number: invoice.number },
    receipt: {
      customer: { full_name: invoice.buyer.name.slice(0, 256), inn: invoice.buyer.inn, email: invoice.buyerEmail },
      items: receiptItems(invoice),
    },
  };
}
