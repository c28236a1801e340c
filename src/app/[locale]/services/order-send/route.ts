import { orderPost } from '@/server/leads/order-route';

export const dynamic = 'force-dynamic';

/** The order form: an HTML form post or JSON from the order dialog. */
export const POST = orderPost;
