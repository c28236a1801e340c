import { liveLeadStream } from '@/server/desk/live-stream';

export const dynamic = 'force-dynamic';

/** GET /api/desk/events: the desk's live stream of new leads (src/server/desk/live-stream.ts). */
export async function GET(request: Request) {
  return liveLeadStream(request);
}
