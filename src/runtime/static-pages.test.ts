import { describe, expect, it } from 'vitest';
import { cachePolicy, chooseEncoding, matchesEtag } from './static-pages.mjs';

describe('encoding choice', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
    ['GZIP;q=0.5', 'gzip'],
  ])('%s → %s', (header, expected) => expect(chooseEncoding(header)).toBe(expected));
});

describe('If-None-Match', () => {
  it.each([
    ['"abc-br"', true],
    ['W/"abc-br"', true],
    ['"x", "abc-br"', true],
    ['*', true],
    ['"abc"', false],
    [undefined, false],
  ])('%s', (header, expected) => expect(matchesEtag(header, '"abc-br"')).toBe(expected));
});

describe('what shared caches may keep', () => {
  it('a page that is the same for every visitor: public, briefly, then stale while revalidating', () => {
    expect(cachePolicy({ productPage: false, negotiated: false, cdnMaxAge: 60 })).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      vary: 'Accept-Encoding',
    });
  });
  it('a product page only when the CDN names the country in a header, varying on it', () => {
    expect(cachePolicy({ productPage: true, negotiated: false, cdnMaxAge: 60 }).cacheControl).toBe('private, no-cache');
    expect(cachePolicy({ productPage: true, negotiated: false, cdnMaxAge: 60, geoHeader: 'cf-ipcountry' })).toEqual({
      cacheControl: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      vary: 'Accept-Encoding, cf-ipcountry',
    });
  });
  it('never a page chosen by cookie, country and language, nor anything with CDN caching off', () => {
    expect(cachePolicy({ productPage: false, negotiated: true, cdnMaxAge: 60, geoHeader: 'x' })).toEqual({ cacheControl: 'private, no-cache', vary: 'Accept-Encoding, Cookie, Accept-Language' });
    expect(cachePolicy({ productPage: false, negotiated: false, cdnMaxAge: 0 }).cacheControl).toBe('private, no-cache');
  });
});
