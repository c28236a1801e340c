import { staffAction } from '@/server/desk/staff-route';

export const dynamic = 'force-dynamic';

/** An admin disables, re-enables or resets the password of a staff account. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return staffAction(request, (await params).id);
}
