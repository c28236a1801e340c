import { registrationAction } from '@/server/auth/registration-route';

export const dynamic = 'force-dynamic';

/** Customers' registration. */
export const POST = registrationAction;
