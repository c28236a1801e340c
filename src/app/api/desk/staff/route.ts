import { staffAction } from '@/server/desk/staff-route';

export const dynamic = 'force-dynamic';

/** An admin adds a staff account. */
export async function POST(request: Request) {
  return staffAction(request);
}
