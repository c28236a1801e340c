import { healthCheck } from '@/server/health-route';

export const dynamic = 'force-dynamic';

/** Up or down; details with HEALTH_TOKEN. */
export const GET = healthCheck;
