import { paymentAction } from '@/server/desk/statement-route';

export const dynamic = 'force-dynamic';

/** A payment no invoice took: assign it to one, or set it aside. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return paymentAction(request, (await params).id);
}
