import { checkHealth } from '@/server/health';

export const dynamic = 'force-dynamic';

/** `{ result: { status, database, outbox: { pending, oldestAgeSeconds } } }`; 503 when the database is down. */
export async function GET() {
  const health = await checkHealth();
  return Response.json({ result: health }, { status: health.database === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
