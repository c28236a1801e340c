import { describe, expect, it } from 'vitest';
import { parseTisQuery, tisQueryString } from './selection';
import { TisSelectionSchema } from './selection-schema';

describe('the calculator’s query (a shareable link)', () => {
  it('reads brands as a list or repeated, months and currency', () => {
    const query = new URLSearchParams('brands=vag,BMW-MINI&brands=ford&months=6&currency=eur');
    expect(parseTisQuery(query)).toEqual({ selection: { brands: ['vag', 'bmw-mini', 'ford'], months: 6, currency: 'EUR' }, ignored: [] });
    expect(parseTisQuery({ brands: ['lada', 'uaz'], months: '12' }).selection).toEqual({ brands: ['lada', 'uaz'], months: 12, currency: 'RUB' });
  });

  it('uses the defaults where values are missing, and lists what it ignored', () => {
    expect(parseTisQuery({}, { currency: 'EUR' })).toEqual({ selection: { brands: [], months: 1, currency: 'EUR' }, ignored: [] });
    expect(parseTisQuery(new URLSearchParams('brands=nope,vag,vag&months=5&currency=USD'))).toEqual({
      selection: { brands: ['vag'], months: 1, currency: 'RUB' },
      ignored: [
        { field: 'brands', value: 'nope' },
        { field: 'months', value: '5' },
        { field: 'currency', value: 'USD' },
      ],
    });
  });

  it('stays small on hostile input', () => {
    const parsed = parseTisQuery({ brands: 'x,'.repeat(100_000), months: '1'.repeat(100_000) });
    expect(parsed.selection.brands).toEqual([]);
    expect(parsed.ignored.length).toBeLessThanOrEqual(51);
    expect(parsed.ignored.every((item) => item.value.length <= 1000)).toBe(true);
  });

  it('writes a link that reads back to the same selection', () => {
    const selection = { brands: ['vag', 'ford'], months: 3, currency: 'EUR' } as const;
    expect(tisQueryString(selection)).toBe('brands=vag%2Cford&months=3&currency=EUR');
    expect(parseTisQuery(new URLSearchParams(tisQueryString(selection))).selection).toEqual(selection);
  });
});

describe('a selection carried in a lead', () => {
  it('passes when every brand is on the current list', () => {
    expect(TisSelectionSchema.safeParse({ brands: ['vag', 'lada'], months: 3, currency: 'RUB' }).success).toBe(true);
  });

  it.each([
    [{ brands: [], months: 3, currency: 'RUB' }, 'required'],
    [{ brands: ['vag', 'nope'], months: 3, currency: 'RUB' }, 'invalidChoice'],
    [{ brands: ['vag', 'vag'], months: 3, currency: 'RUB' }, 'invalidChoice'],
    [{ brands: ['vag'], months: 5, currency: 'RUB' }, 'invalidChoice'],
    [{ brands: ['vag'], months: 3, currency: 'USD' }, 'invalidChoice'],
    [{ brands: 'vag', months: 3, currency: 'RUB' }, 'invalidChoice'],
  ])('refuses %j with %s', (input, message) => {
    const parsed = TisSelectionSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
