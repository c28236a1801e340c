import { staffAction } from '@/server/desk/staff-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** An admin disables, re-enables or resets the password of a staff account. */
export const POST = deskSafely(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  return staffAction(request, (await params).id);
});
