import 'server-only';
import { Redis } from 'ioredis';
import { getEnv } from './env';
import { getLogger } from './logger';
import { onShutdown } from './lifecycle/shutdown';

/**
 * The app's one Redis connection (REDIS_URL: the shared rate-limit store), and what it is known to
 * be doing. Every wait on it is bounded (docs/decisions/039-redis-stall.md): a Redis that stops
 * answering with the connection still open costs a request at most COMMAND_TIMEOUT_MS once, then
 * the connection is dropped and, until a new one has answered, every caller is told at once that
 * Redis is not ready (the limiters then count in memory).
 */

/** A command's answer; past it the caller falls back (the limiters: to memory). */
const COMMAND_TIMEOUT_MS = 250;
/** A connection with a command waiting and no byte from Redis this long is dropped and opened again. */
const SOCKET_TIMEOUT_MS = 400;
/** Opening the TCP connection. */
const CONNECT_TIMEOUT_MS = 500;
/** A quiet connection is checked this often (also the TCP keep-alive's first probe), so a dead one is noticed without traffic. */
const PING_EVERY_MS = 5_000;

type RedisState = 'up' | 'down' | 'off';

export interface RedisHealth {
  /** `off`: REDIS_URL unset (limits in memory by design); `down`: set, but not answering (limits in memory meanwhile). */
  state: RedisState;
  /** When the connection last failed (ISO time), if it has since the start. */
  lastErrorAt: string | null;
}

interface Holder {
  client: Redis;
  lastErrorAt: number | null;
  stop: () => void;
}

const globalForRedis = globalThis as typeof globalThis & { __appRedis?: Holder | null };

/**
 * A client whose every wait is bounded: a command is answered or failed within
 * COMMAND_TIMEOUT_MS; nothing waits for a connection (no offline queue, no retry of a request); a
 * connection silent for SOCKET_TIMEOUT_MS with a command waiting, or not opened within
 * CONNECT_TIMEOUT_MS, is dropped and tried again after a short backoff (at most 2 s).
 */
function createRedisClient(url: string): Redis {
  return new Redis(url, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    keepAlive: PING_EVERY_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
  });
}

function holder(): Holder | null {
  if (globalForRedis.__appRedis !== undefined) return globalForRedis.__appRedis;
  const { REDIS_URL } = getEnv();
  if (!REDIS_URL) return (globalForRedis.__appRedis = null);
  const client = createRedisClient(REDIS_URL);
  const held: Holder = { client, lastErrorAt: null, stop: () => {} };
  let reported = false;
  client.on('error', (error: Error) => {
    held.lastErrorAt = Date.now();
    // Once per outage: a Redis that is down would otherwise log every reconnection.
    if (!reported) getLogger().warn({ err: error.message }, 'redis unavailable: rate limits counted in memory until it answers');
    reported = true;
  });
  client.on('ready', () => {
    if (reported) getLogger().info('redis answers again: rate limits counted in it');
    reported = false;
  });
  // Without traffic a silent connection would look ready: a ping now and then finds it out.
  const ping = setInterval(() => {
    if (client.status === 'ready') client.ping().catch(() => {});
  }, PING_EVERY_MS);
  ping.unref();
  held.stop = () => {
    clearInterval(ping);
    client.disconnect();
  };
  onShutdown(async () => held.stop());
  return (globalForRedis.__appRedis = held);
}

/** The shared client, or undefined without REDIS_URL. */
export function getRedis(): Redis | undefined {
  return holder()?.client;
}

/** Up when the connection is open and has answered since it opened; down while it is being (re)made. */
export function redisHealth(): RedisHealth {
  const held = holder();
  if (!held) return { state: 'off', lastErrorAt: null };
  return { state: held.client.status === 'ready' ? 'up' : 'down', lastErrorAt: held.lastErrorAt === null ? null : new Date(held.lastErrorAt).toISOString() };
}

/** Tests: close the client and forget it (the next use reads REDIS_URL again). */
export function closeRedisForTests(): void {
  globalForRedis.__appRedis?.stop();
  delete globalForRedis.__appRedis;
}
