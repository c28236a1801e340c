import { describe, expect, it } from 'vitest';
import { tisBrands } from '@/lib/tis/brands';
import { matchesQuery, searchKey, searchKeysOf } from './make-search';

/** The TIS rows a query finds, by their first make. */
const found = (query: string) => tisBrands.filter((brand) => matchesQuery(searchKeysOf([brand.brand, brand.altName]), query)).map((brand) => brand.id);

describe('finding a make in either alphabet', () => {
  it('finds the TIS row for each name a Russian visitor types', () => {
    expect(found('тойота')).toEqual(['toyota-lexus']);
    expect(found('лада')).toEqual(['lada']);
    expect(found('мерседес')).toEqual(['mercedes-benz']);
    expect(found('бмв')).toEqual(['bmw-mini']);
    expect(found('шкода')).toEqual(['vag']);
    expect(found('vw')).toEqual(['vag']);
  });

  it('finds them as they are typed, key by key, and in capitals or the other alphabet', () => {
    for (const [query, id] of [['тойо', 'toyota-lexus'], ['Тойота', 'toyota-lexus'], ['TOYOTA', 'toyota-lexus'], ['мерс', 'mercedes-benz'], ['VW', 'vag'], ['фольксваген', 'vag'], ['Škoda', 'vag'], ['skoda', 'vag'], ['lada', 'lada'], ['ваз', 'lada'], ['уаз', 'uaz'], ['uaz', 'uaz'], ['хендай', 'hyundai-kia'], ['киа', 'hyundai-kia'], ['рено', 'renault-dacia'], ['шевроле', 'opel-chevrolet'], ['мицубиси', 'mitsubishi'], ['лексус', 'toyota-lexus'], ['вольво', 'volvo']] as const) {
      expect(found(query), query).toContain(id);
    }
  });

  it('keeps the list whole for an empty query and empty for a make it does not carry', () => {
    expect(found('')).toHaveLength(tisBrands.length);
    expect(found('  ')).toHaveLength(tisBrands.length);
    expect(found('тесла')).toEqual([]);
    expect(found('tesla')).toEqual([]);
  });

  it('meets both alphabets in one key', () => {
    expect(searchKey('Тойота')).toBe(searchKey('Toyota'));
    expect(searchKey('Мерседес')).toBe(searchKey('Mercedes'));
    expect(searchKey('Шкода')).toBe(searchKey('Škoda'));
    expect(searchKey('БМВ')).toBe(searchKey('BMW'));
    expect(searchKey('Комацу')).toBe(searchKey('Komatsu'));
    expect(searchKey('Ямаха')).toBe(searchKey('Yamaha'));
    expect(searchKey('Кавасаки')).toBe(searchKey('Kawasaki'));
    expect(searchKey('Ростсельмаш')).toBe(searchKey('Rostselmash'));
  });
});
