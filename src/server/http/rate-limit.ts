import 'server-only';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getLogger } from '../logger';
import { outsideRequest } from '../lifecycle/root-context';
import { getRedis } from '../redis';

/** The limits (points per duration in seconds). */
export const LIMITS = {
  /** Lead posts (feedback, buy/demo, order) per client address. */
  leadIp: { points: 20, duration: 600 },
  /** Auth posts (login, registration, remind) per client address. */
  authIp: { points: 30, duration: 600 },
  /** Login attempts per account and address: 10 per 15 minutes (a success clears them). */
  loginPair: { points: 10, duration: 900 },
  /**
   * Login attempts per account from all addresses: a larger, slower ceiling, so that strangers
   * cannot lock the owner out with a few wrong passwords (ASVS 6.3) and a spread-out guessing
   * run still stops. A success gives its own attempt back.
   */
  loginAccount: { points: 100, duration: 3600 },
  /** Password reminders per e-mail. */
  remindEmail: { points: 3, duration: 3600 },
  /** VIN look-ups (`GET /api/vin/…`) per client address: a person checks a few a minute, a scraper stops. */
  vinIp: { points: 60, duration: 60 },
  /** Invoices and company look-ups per client address: a buyer makes a few, a script is stopped. */
  billingIp: { points: 60, duration: 600 },
} as const;

export type LimiterName = keyof typeof LIMITS;
export type Limiters = Record<LimiterName, RateLimiterAbstract>;
/** A refusal says how long to wait and how many attempts the key has had in this window (its first refusal: points + 1). */
export type LimitCheck = { ok: true } | { ok: false; retryAfter: number; consumed?: number };

/**
 * Builds the limiters: in Redis when a client is given, else in memory. With Redis, memory is the
 * insurance: a call Redis does not answer (not connected: at once; connected but silent: within
 * the client's command timeout, src/server/redis.ts) is counted in this instance's memory instead.
 */
export function createLimiters(redis?: Redis, keyPrefix = 'rl'): Limiters {
  const entries = Object.entries(LIMITS).map(([name, { points, duration }]) => {
    const memory = new RateLimiterMemory({ points, duration, keyPrefix: `${keyPrefix}:${name}` });
    const limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          points,
          duration,
          keyPrefix: `${keyPrefix}:${name}`,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
    return [name, limiter];
  });
  return Object.fromEntries(entries) as Limiters;
}

const globalForLimits = globalThis as typeof globalThis & { __appLimiters?: Limiters };

function limiters(): Limiters {
  if (!globalForLimits.__appLimiters) {
    globalForLimits.__appLimiters = createLimiters(getRedis());
  }
  return globalForLimits.__appLimiters;
}

/** Tests: replace the limiters (fresh memory ones when called without an argument). */
export function setLimitersForTests(value?: Limiters): void {
  globalForLimits.__appLimiters = value ?? createLimiters();
}

function refusal(result: unknown): LimitCheck {
  if (result instanceof RateLimiterRes) return { ok: false, retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)), consumed: result.consumedPoints };
  // A store failure with no insurance: let the request through rather than refuse everyone.
  getLogger().warn({ err: String(result) }, 'rate limiter failed, request allowed');
  return { ok: true };
}

/** Takes one point; refuses when the key has none left. */
export async function consume(name: LimiterName, key: string): Promise<LimitCheck> {
  try {
    // The memory store arms a timer per key for the whole window: arm it outside the request.
    await outsideRequest(() => limiters()[name].consume(key));
    return { ok: true };
  } catch (result) {
    return refusal(result);
  }
}

/** Whether the key has points left, without taking one. */
export async function check(name: LimiterName, key: string): Promise<LimitCheck> {
  try {
    const state = await outsideRequest(() => limiters()[name].get(key));
    if (state && state.consumedPoints >= LIMITS[name].points) {
      return { ok: false, retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
    }
    return { ok: true };
  } catch (result) {
    return refusal(result);
  }
}

/** Gives one point back (an attempt that turned out to be the owner's). */
export async function refund(name: LimiterName, key: string): Promise<void> {
  await outsideRequest(() => limiters()[name].reward(key, 1)).catch(() => {});
}

/** Forgets the key (e.g. failed logins after a successful one). */
export async function reset(name: LimiterName, key: string): Promise<void> {
  await outsideRequest(() => limiters()[name].delete(key)).catch(() => {});
}
