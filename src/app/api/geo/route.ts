import { visitorCountry } from '@/server/geo-route';

export const dynamic = 'force-dynamic';

/** The visitor's country, for forms that start with it chosen. */
export const GET = visitorCountry;
