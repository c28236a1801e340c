import { deskLogout } from '@/server/desk/desk-logout-route';

export const dynamic = 'force-dynamic';

/** Sales-desk sign-out. */
export const POST = deskLogout;
