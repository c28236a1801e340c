import { describe, expect, it } from 'vitest';
import { currentTisPrices } from '@/content/tis-prices';
import { findTisBrand, tisBrandForMake, tisBrandId, tisBrands } from './brands';
import { quoteTis } from './quote';

const row = (prefix: string) => currentTisPrices.find((price) => price.brand.startsWith(prefix))!;

describe('TIS brand ids', () => {
  it('are the brand before any bracket, folded and dashed', () => {
    expect(tisBrandId('VAG (Volkswagen, Audi, Škoda, SEAT)')).toBe('vag');
    expect(tisBrandId('BMW / MINI')).toBe('bmw-mini');
    expect(tisBrandId('Mercedes-Benz')).toBe('mercedes-benz');
  });

  it('are unique across the current list, which they follow row by row', () => {
    expect(new Set(tisBrands.map((brand) => brand.id)).size).toBe(currentTisPrices.length);
    expect(tisBrands.map((brand) => brand.brand)).toEqual(currentTisPrices.map((price) => price.brand));
    expect(findTisBrand('toyota-lexus')?.brand).toBe('Toyota / Lexus');
    expect(findTisBrand('nope')).toBeUndefined();
  });

  it('are found from a make named in the brand as a whole word, diacritics aside', () => {
    expect(tisBrandForMake('Škoda')?.id).toBe('vag');
    expect(tisBrandForMake('Kia')?.id).toBe('hyundai-kia');
    expect(tisBrandForMake('Mercedes-Benz')?.id).toBe('mercedes-benz');
    expect(tisBrandForMake('Mercedes')).toBeUndefined();
    expect(tisBrandForMake('Porsche')).toBeUndefined();
    expect(tisBrandForMake('')).toBeUndefined();
  });
});

describe('the TIS quote', () => {
  it('multiplies each brand’s monthly price in the chosen currency by the months, and adds them up', () => {
    const vag = row('VAG');
    const ford = row('Ford');
    expect(quoteTis({ brands: ['vag', 'ford'], months: 3, currency: 'RUB' })).toEqual({
      currency: 'RUB',
      months: 3,
      lines: [
        { id: 'vag', brand: vag.brand, perMonth: vag.rubPerMonth, amount: vag.rubPerMonth * 3 },
        { id: 'ford', brand: ford.brand, perMonth: ford.rubPerMonth, amount: ford.rubPerMonth * 3 },
      ],
      total: (vag.rubPerMonth + ford.rubPerMonth) * 3,
    });
    expect(quoteTis({ brands: ['ford'], months: 12, currency: 'EUR' }).total).toBe(ford.eurPerMonth * 12);
  });

  it('skips unknown ids and repeats, and totals nothing as zero', () => {
    expect(quoteTis({ brands: ['lada', 'lada', 'nope'], months: 1, currency: 'EUR' }).lines.map((line) => line.id)).toEqual(['lada']);
    expect(quoteTis({ brands: [], months: 6, currency: 'RUB' })).toEqual({ currency: 'RUB', months: 6, lines: [], total: 0 });
  });
});
