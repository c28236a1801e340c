import { paymentAction } from '@/server/desk/statement-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** A payment no invoice took: assign it to one, or set it aside. */
export const POST = deskSafely(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  return paymentAction(request, (await params).id);
});
