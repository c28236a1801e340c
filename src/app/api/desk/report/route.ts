import { deskSafely } from '@/server/desk/desk-unavailable';
import { exportReport } from '@/server/desk/report-route';

export const dynamic = 'force-dynamic';

/** One table of the lead report as CSV. */
export const GET = deskSafely(exportReport);
