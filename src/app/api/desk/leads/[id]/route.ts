import { leadAction } from '@/server/desk/lead-action-route';

export const dynamic = 'force-dynamic';

/** Working a lead from the desk: status, note, retry delivery, erase. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return leadAction(request, (await params).id);
}
