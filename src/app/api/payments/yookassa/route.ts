import { yookassaNotice } from '@/server/billing/payment-routes';

export const dynamic = 'force-dynamic';

/** YooKassa's notifications of its payments (checked by fetching each payment back). */
export const POST = yookassaNotice;
