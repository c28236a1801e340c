import 'server-only';
import { getDb } from '@/server/database';
import { outboxBacklog } from './outbox/drain';
import { redisHealth, type RedisHealth } from './redis';

export interface Health {
  /**
   * `ok`; `degraded`: serving, but Redis (REDIS_URL) does not answer, so each instance counts the
   * rate limits in its own memory meanwhile; `down`: the database does not answer (503).
   */
  status: 'ok' | 'degraded' | 'down';
  database: 'ok' | 'down';
  /** `off` without REDIS_URL; `lastErrorAt`: when its connection last failed. */
  redis: RedisHealth;
  /** In all, and per channel (`channels.bitrix24: { pending, oldestAgeSeconds, failed }`, …). */
  outbox: Awaited<ReturnType<typeof outboxBacklog>> | null;
}

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref());

/** Database reachability and outbox backlog (answered within ~2 s), and Redis's state (known at once). */
export async function checkHealth(timeoutMs = 2000): Promise<Health> {
  const redis = redisHealth();
  try {
    const outbox = await Promise.race([getDb().then(outboxBacklog), timeout(timeoutMs)]);
    return { status: redis.state === 'down' ? 'degraded' : 'ok', database: 'ok', redis, outbox };
  } catch {
    return { status: 'down', database: 'down', redis, outbox: null };
  }
}
