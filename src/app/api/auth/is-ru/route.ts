import { visitorInRussia } from '@/server/geo-route';

export const dynamic = 'force-dynamic';

/** Whether the visitor's address is in Russia. */
export const GET = visitorInRussia;
