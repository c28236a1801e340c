import { payInvoice } from '@/server/billing/payment-routes';

export const dynamic = 'force-dynamic';

/** Starts paying one of the account's invoices by card: answers YooKassa's page to go to. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return payInvoice(request, (await params).id);
}
