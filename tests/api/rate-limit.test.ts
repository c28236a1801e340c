import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as remind } from '@/app/api/auth/remind/route';
import { check, consume, createLimiters, reset, setLimitersForTests } from '@/server/http/rate-limit';
import { jsonRequest } from '../support/requests';

const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('rate limits in %s', (store) => {
  const redis = store === 'redis' ? new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: true, maxRetriesPerRequest: 2 }) : undefined;
  // A prefix of its own, so parallel runs sharing one Redis never collide.
  const prefix = `test:${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    setLimitersForTests();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it('counts failed logins per account and forgets them after a success', async () => {
    setLimitersForTests(createLimiters(redis, prefix));
    for (let i = 0; i < 10; i++) expect((await consume('loginPair', 'a@example.com')).ok).toBe(true);
    const blocked = await check('loginPair', 'a@example.com');
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) expect(blocked.retryAfter).toBeGreaterThan(800);
    expect((await check('loginPair', 'b@example.com')).ok).toBe(true);
    await reset('loginPair', 'a@example.com');
    expect((await check('loginPair', 'a@example.com')).ok).toBe(true);
  });

  it('answers 429 in the error format with Retry-After from a route', async () => {
    setLimitersForTests(createLimiters(redis, prefix));
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) last = await remind(jsonRequest('/api/auth/remind', { email: 'nobody@example.com', website: 'x' }, { address: '192.0.2.200', lang: 'en' }));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).errorsFld).toEqual({});
  });
});
