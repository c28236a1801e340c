import { deskLogout } from '@/server/desk/desk-logout-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** Sales-desk sign-out. */
export const POST = deskSafely(deskLogout);
