import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { getEnv } from './env';
import { checkHealth } from './health';

/** Whether the request carries `Authorization: Bearer <HEALTH_TOKEN>` (compared in constant time). */
function authorized(request: Request): boolean {
  const token = getEnv().HEALTH_TOKEN;
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
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
