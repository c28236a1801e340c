import { describe, expect, it } from 'vitest';
import { bearerIs, bearerToken } from './bearer.mjs';

const TOKEN = 'a-token-of-sixteen-plus';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, the scheme in any case, spaces around the token dropped', () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer  ${TOKEN} `)).toBe(TOKEN);
    expect(bearerToken(`BEARER\t${TOKEN}`)).toBe(TOKEN);
  });

  it('answers undefined for another scheme, no token or no header', () => {
    for (const header of [`Basic ${TOKEN}`, 'Bearer', 'Bearer ', `Bearer${TOKEN}`, `Token ${TOKEN}`, '', null, undefined]) expect(bearerToken(header), String(header)).toBeUndefined();
  });
});

describe('bearerIs', () => {
  it('is true only for the token itself', () => {
    expect(bearerIs(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerIs(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerIs(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerIs(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerIs(null, TOKEN)).toBe(false);
  });

  it('is never true while the token is unset, whatever the header', () => {
    expect(bearerIs('Bearer ', undefined)).toBe(false);
    expect(bearerIs('Bearer undefined', undefined)).toBe(false);
    expect(bearerIs('Bearer x', '')).toBe(false);
  });
});
