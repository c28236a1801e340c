import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.mjs';

describe('sameSecret', () => {
  it('is true only for the same bytes', () => {
    expect(sameSecret('s3cret-token-0123', 's3cret-token-0123')).toBe(true);
    expect(sameSecret('s3cret-token-0123', 's3cret-token-0124')).toBe(false);
    expect(sameSecret(Buffer.from([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(sameSecret(Buffer.from([1, 2, 3]), Buffer.from([1, 2, 4]))).toBe(false);
  });

  it('answers false for a different length instead of throwing, as timingSafeEqual would', () => {
    expect(sameSecret('short', 'longer secret')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
    expect(sameSecret(Buffer.alloc(31), Buffer.alloc(32))).toBe(false);
  });

  it('compares texts as UTF-8: «é» is not «e» and a letter of two bytes is not two letters', () => {
    expect(sameSecret('é', 'e')).toBe(false);
    expect(sameSecret('é', 'é')).toBe(true);
    expect(sameSecret('ж', 'ab')).toBe(false);
  });
});
