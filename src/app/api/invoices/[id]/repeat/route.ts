import { repeatInvoice } from '@/server/billing/repeat-route';

export const dynamic = 'force-dynamic';

/** The same invoice again, at today's prices. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return repeatInvoice(request, (await params).id);
}
