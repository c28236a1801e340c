import { customerLogout } from '@/server/auth/logout-route';

export const dynamic = 'force-dynamic';

/** Customers' sign-out (the Bearer token). */
export const POST = customerLogout;
