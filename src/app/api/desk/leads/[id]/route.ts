import { leadAction } from '@/server/desk/lead-action-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** Working a lead from the desk: status, note, retry delivery, erase. */
export const POST = deskSafely(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  return leadAction(request, (await params).id);
});
