import { describe, expect, it } from 'vitest';
import { HASHING_AT_ONCE, HASHING_QUEUE, HashingBusyError, hashPassword, verifyPassword } from './passwords';
import { SCRYPT_PARAMS } from './hash-cost';

const CHEAP = { logN: 10, r: 8, p: 1 } as const;

describe('password hashing', () => {
  it('hashes at the OWASP cost in production (N=2^17, r=8, p=1), and that hash verifies', async () => {
    const stored = await hashPassword('correct horse', SCRYPT_PARAMS);
    expect(stored.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
  });

  it('verifies what it hashed, and nothing else', async () => {
    const stored = await hashPassword('correct horse', CHEAP);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });

  it('queues at most HASHING_QUEUE hashes behind the running ones and refuses the rest at once', async () => {
    const total = HASHING_AT_ONCE + HASHING_QUEUE + 5;
    const results = await Promise.allSettled(Array.from({ length: total }, (_, i) => hashPassword(`pw-${i}`, { logN: 14, r: 8, p: 1 })));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(5);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(HashingBusyError);
    // The slots are free again afterwards.
    expect(await verifyPassword('x', await hashPassword('x', CHEAP))).toBe(true);
  });
});
