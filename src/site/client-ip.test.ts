import { describe, expect, it } from 'vitest';
import { clientAddress, normaliseAddress } from './client-ip.mjs';

describe('clientAddress (Express trust proxy = N)', () => {
  it.each([
    { chain: '203.0.113.7', n: 0, expected: '203.0.113.7' },
    { chain: '77.88.8.8, 127.0.0.1', n: 0, expected: '127.0.0.1' },
    { chain: '77.88.8.8, 127.0.0.1', n: 1, expected: '77.88.8.8' },
    { chain: '1.1.1.1, 77.88.8.8, 10.0.0.2', n: 1, expected: '77.88.8.8' },
    { chain: '1.1.1.1, 77.88.8.8, 10.0.0.2', n: 2, expected: '1.1.1.1' },
    { chain: '77.88.8.8, 10.0.0.2', n: 5, expected: '77.88.8.8' },
    { chain: '::ffff:77.88.8.8', n: 0, expected: '77.88.8.8' },
    { chain: '', n: 1, expected: undefined },
    { chain: null, n: 0, expected: undefined },
  ])('$chain with $n proxies → $expected', ({ chain, n, expected }) => {
    expect(clientAddress(chain, n)).toBe(expected);
  });
});

describe('normaliseAddress', () => {
  it.each([
    ['[2a02:6b8::1]:443', '2a02:6b8::1'],
    ['77.88.8.8:5000', '77.88.8.8'],
    [' ::FFFF:10.0.0.1 ', '10.0.0.1'],
    ['2a02:6b8::1', '2a02:6b8::1'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseAddress(raw)).toBe(expected);
  });
});
