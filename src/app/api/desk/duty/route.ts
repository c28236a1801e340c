import { deskSafely } from '@/server/desk/desk-unavailable';
import { dutyAction } from '@/server/desk/duty-route';

export const dynamic = 'force-dynamic';

/** Duty on or off (one's own; an admin's for anyone) and, for admins, a member's queues. */
export const POST = deskSafely(dutyAction);
