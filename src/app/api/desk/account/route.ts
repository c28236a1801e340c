import { accountAction } from '@/server/desk/account-route';

export const dynamic = 'force-dynamic';

/** A member's own account: the password change. */
export const POST = accountAction;
