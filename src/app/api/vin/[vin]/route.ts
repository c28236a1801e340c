import { vinCheck } from '@/server/vin-route';

export const dynamic = 'force-dynamic';

/** The VIN check (`/api/vin/{vin}`). */
export const GET = vinCheck;
