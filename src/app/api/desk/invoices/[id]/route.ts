import { invoiceAction } from '@/server/desk/invoice-route';

export const dynamic = 'force-dynamic';

/** An invoice from the desk: mark paid, cancel with a reason. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return invoiceAction(request, (await params).id);
}
