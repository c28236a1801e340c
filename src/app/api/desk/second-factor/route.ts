import { secondFactorAction } from '@/server/desk/second-factor-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** The desk's second factor: verify at sign-in, turn on, turn off. */
export const POST = deskSafely(secondFactorAction);
