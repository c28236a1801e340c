export const dynamic = 'force-dynamic';

/** Liveness: the process answers. (The server issue adds database and outbox status.) */
export function GET() {
  return Response.json({ result: { status: 'ok' } }, { headers: { 'Cache-Control': 'no-store' } });
}
