import { exportLeads } from '@/server/desk/export-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** The desk's CSV export of the filtered leads. */
export const GET = deskSafely(exportLeads);
