import { resendConfirmation } from '@/server/auth/confirm-route';

export const dynamic = 'force-dynamic';

/** The partner area's "send the link again". */
export const POST = resendConfirmation;
