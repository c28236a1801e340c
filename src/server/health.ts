import 'server-only';
import { getDb } from '@/server/database';
import { outboxBacklog } from './outbox/drain';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'ok' | 'down';
  /** In all, and per channel (`channels.bitrix24: { pending, oldestAgeSeconds, failed }`, …). */
  outbox: Awaited<ReturnType<typeof outboxBacklog>> | null;
}

const timeout = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref());

/** Database reachability and outbox backlog, answered within ~2 s. */
export async function checkHealth(timeoutMs = 2000): Promise<Health> {
  try {
    const outbox = await Promise.race([getDb().then(outboxBacklog), timeout(timeoutMs)]);
    return { status: 'ok', database: 'ok', outbox };
  } catch {
    return { status: 'degraded', database: 'down', outbox: null };
  }
}
