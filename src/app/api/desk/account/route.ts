import { accountAction } from '@/server/desk/account-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** A member's own account: the password change. */
export const POST = deskSafely(accountAction);
