import { getInvoicePdf } from '@/server/billing/invoice-pdf-route';

export const dynamic = 'force-dynamic';

/** One of the account's invoices as a PDF (the Bearer token, or a signed link). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return getInvoicePdf(request, (await params).id);
}
