import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadGeo(trustProxy: string) {
  vi.resetModules();
  vi.stubEnv('TRUST_PROXY', trustProxy);
  const [geo, visitor] = await Promise.all([import('./geo'), import('@/site/visitor.mjs')]);
  return { ...geo, countryOf: visitor.countryOf };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('countryOf', () => {
  it.each([
    ['77.88.8.8', 'RU'],
    ['2a02:6b8::feed:0ff', 'RU'],
    ['8.8.8.8', 'US'],
    ['127.0.0.1', undefined],
    ['10.1.2.3', undefined],
    ['192.168.0.10', undefined],
    ['not an address', undefined],
    [undefined, undefined],
  ])('%s → %s', async (address, expected) => {
    const { countryOf } = await loadGeo('0');
    expect(countryOf(address)).toBe(expected);
  });
});

describe('isRequestFromRussia', () => {
  it.each([
    { trust: '0', xff: '77.88.8.8', expected: true, why: 'no proxy: the peer (last entry) is Russian' },
    { trust: '0', xff: '77.88.8.8, 127.0.0.1', expected: false, why: 'no proxy: a forged header is ignored' },
    { trust: '1', xff: '77.88.8.8, 127.0.0.1', expected: true, why: 'one proxy: its X-Forwarded-For entry' },
    { trust: '1', xff: '77.88.8.8, 8.8.8.8, 127.0.0.1', expected: false, why: 'one proxy: only the last entry counts' },
    { trust: '2', xff: '77.88.8.8, 8.8.8.8, 127.0.0.1', expected: true, why: 'two proxies' },
    { trust: '1', xff: '10.0.0.5, 127.0.0.1', expected: false, why: 'private address' },
    { trust: '1', xff: '', expected: false, why: 'no address at all' },
  ])('$why', async ({ trust, xff, expected }) => {
    const { isRequestFromRussia } = await loadGeo(trust);
    expect(isRequestFromRussia(new Headers(xff ? { 'x-forwarded-for': xff } : {}))).toBe(expected);
  });
});

describe("the edge's remembered answer (rememberedIsRu)", () => {
  it('answers as visitorOf does, for each chain and reported country', async () => {
    const { rememberedIsRu, visitorOf } = await import('@/site/visitor.mjs');
    const isRu = rememberedIsRu(1);
    const asked: [string, string | null][] = [
      ['77.88.8.8, 127.0.0.1', null],
      ['8.8.8.8, 127.0.0.1', null],
      ['77.88.8.8, 127.0.0.1', 'US'],
      ['8.8.8.8, 127.0.0.1', 'ru'],
      ['8.8.8.8, 127.0.0.1', 'not a country'],
    ];
    // Twice over: the second round answers from memory, and must answer the same.
    for (const [chain, reported] of [...asked, ...asked]) expect(isRu(chain, reported)).toBe(visitorOf(chain, 1, reported).isRu);
    expect(asked.map(([chain, reported]) => isRu(chain, reported))).toEqual([true, false, false, true, false]);
  });

  it('looks an address up once, and forgets all it knows past its limit instead of growing', async () => {
    const { default: geoip } = await import('geoip-country');
    const { rememberedIsRu } = await import('@/site/visitor.mjs');
    const lookup = vi.spyOn(geoip, 'lookup');
    const isRu = rememberedIsRu(0, 2);
    for (const address of ['8.8.8.1', '8.8.8.2', '8.8.8.1', '8.8.8.2']) isRu(address);
    expect(lookup).toHaveBeenCalledTimes(2);
    // A third address finds the memory full: it is emptied, so the first is looked up again.
    isRu('8.8.8.3');
    isRu('8.8.8.1');
    expect(lookup.mock.calls.map(([address]) => address)).toEqual(['8.8.8.1', '8.8.8.2', '8.8.8.3', '8.8.8.1']);
    lookup.mockRestore();
  });
});
