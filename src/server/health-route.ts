import 'server-only';
import { getEnv } from './env';
import { checkHealth } from './health';
import { bearerIs } from '@/site/bearer.mjs';

/** Whether the request carries `Authorization: Bearer <HEALTH_TOKEN>` (compared in constant time). */
function authorized(request: Request): boolean {
  return bearerIs(request.headers.get('authorization'), getEnv().HEALTH_TOKEN);
}

/**
 * For everyone, `{ result: { status: 'ok' | 'degraded' | 'down', redis? } }`: 503 when the database
 * is down; `degraded` (200) while Redis does not answer (`redis: 'up' | 'down'`, absent without
 * REDIS_URL; the edge's /readyz repeats it, as it says whether the database answers). The details
 * (`database`, `redis: { state, lastErrorAt }`, `outbox: { pending, oldestAgeSeconds, channels }`) only
 * with the HEALTH_TOKEN setting as a Bearer token: the backlog tells an outsider how a flood is going.
 */
export async function healthCheck(request: Request) {
  const health = await checkHealth();
  const up = health.database === 'ok';
  const result = authorized(request) ? health : { status: health.status, ...(health.redis.state === 'off' ? {} : { redis: health.redis.state }) };
  return Response.json({ result }, { status: up ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
