import { invoiceAction } from '@/server/desk/invoice-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** An invoice from the desk: mark paid, cancel with a reason. */
export const POST = deskSafely(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  return invoiceAction(request, (await params).id);
});
