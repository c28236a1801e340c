import { listSubscriptions } from '@/server/billing/routes';

export const dynamic = 'force-dynamic';

/** The account's subscriptions. */
export const GET = listSubscriptions;
