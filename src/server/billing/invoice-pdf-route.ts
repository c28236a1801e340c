import 'server-only';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { jsonError } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { safely } from '../http/safely';
import { invoicePdf } from './invoice-pdf';
import { invoiceById, invoiceOfUser } from './invoices';
import { pdfLinkValid } from './pdf-link';
import { customerOf } from './routes';

/** The PDF as a download named by the invoice's number: `invoice-2026-000123.pdf`. */
async function pdfResponse(invoice: InvoiceDocument): Promise<Response> {
  const pdf = await invoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="invoice-${invoice.number}.pdf"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * `GET /api/invoices/{id}/pdf`: the account's invoice as a PDF, with its Bearer token; or, without
 * one, by a signed link (`?expires=…&sig=…`) while it lasts. Another account's invoice, or an
 * unknown id, is 404; a stale or forged link is 403.
 */
export async function getInvoicePdf(request: Request, id: string): Promise<Response> {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const query = new URL(request.url).searchParams;
    const sig = query.get('sig');
    if (sig !== null && !request.headers.has('authorization')) {
      if (!(await pdfLinkValid(id, query.get('expires') ?? '', sig))) return jsonError(403, locale, 'invoiceLinkExpired');
      const invoice = await invoiceById(id);
      return invoice ? pdfResponse(invoice) : jsonError(404, locale, 'notFound');
    }
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    const invoice = await invoiceOfUser(customer.user.id, id);
    return invoice ? pdfResponse(invoice) : jsonError(404, locale, 'notFound');
  });
}
