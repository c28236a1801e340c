import { exportLeads } from '@/server/desk/export-route';

export const dynamic = 'force-dynamic';

/** The desk's CSV export of the filtered leads. */
export const GET = exportLeads;
