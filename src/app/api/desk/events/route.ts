import { liveLeadStream } from '@/server/desk/live-stream';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** GET /api/desk/events: the desk's live stream of new leads (src/server/desk/live-stream.ts). */
export const GET = deskSafely(async (request: Request) => {
  return liveLeadStream(request);
});
