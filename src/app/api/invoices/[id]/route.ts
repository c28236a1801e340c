import { getInvoice } from '@/server/billing/routes';

export const dynamic = 'force-dynamic';

/** One of the account's invoices. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return getInvoice(request, (await params).id);
}
