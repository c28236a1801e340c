import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.mjs';

describe('isUuid', () => {
  it('takes a UUID in either case', () => {
    expect(isUuid('0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a')).toBe(true);
    expect(isUuid('0B6F6F0E-3C1A-4D2B-9A55-6F1E2D3C4B5A')).toBe(true);
  });

  it('refuses anything a query would choke on', () => {
    for (const value of ['', 'new', '0b6f6f0e3c1a4d2b9a556f1e2d3c4b5a', '0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5', '0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a ', 'zb6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a', '0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a\n0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a']) {
      expect(isUuid(value), JSON.stringify(value)).toBe(false);
    }
    for (const value of [undefined, null, 42, { id: '0b6f6f0e-3c1a-4d2b-9a55-6f1e2d3c4b5a' }]) expect(isUuid(value)).toBe(false);
  });
});
