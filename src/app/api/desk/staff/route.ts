import { staffAction } from '@/server/desk/staff-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** An admin adds a staff account. */
export const POST = deskSafely(async (request: Request) => {
  return staffAction(request);
});
