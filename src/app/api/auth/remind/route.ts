import { remindAction } from '@/server/auth/remind-route';

export const dynamic = 'force-dynamic';

/** Customers' password reminder. */
export const POST = remindAction;
