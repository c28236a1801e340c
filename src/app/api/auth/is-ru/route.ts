import { isRequestFromRussia } from '@/server/geo';

export const dynamic = 'force-dynamic';

/** `{ result: true }` when the visitor's address is in Russia (same decision as the pages). */
export function GET(request: Request) {
  return Response.json({ result: isRequestFromRussia(request.headers) }, { headers: { 'Cache-Control': 'private, no-store' } });
}
