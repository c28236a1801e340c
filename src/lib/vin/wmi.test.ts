import { describe, expect, it } from 'vitest';
import { originOf } from './origin';
import { lookupWmi, wmiEntries } from './wmi';

const maker = (vin: string) => lookupWmi(vin).entry;

describe('the WMI lookup (positions 1–3)', () => {
  it.each([
    ['WVWZZZ1JZ3W386752', 'Volkswagen AG', ['Volkswagen'], 'DE'],
    ['TMBJJ7NE0J0000001', 'Škoda Auto', ['Škoda'], 'CZ'],
    ['XTA21214011580133', 'AvtoVAZ', ['Lada'], 'RU'],
    ['KMHDN41BX6U123456', 'Hyundai Motor Company', ['Hyundai', 'Genesis'], 'KR'],
    ['LVSHFFAL5CF100001', 'Changan Ford', ['Ford'], 'CN'],
    ['5YJ3E1EA4KF100001', 'Tesla', ['Tesla'], 'US'],
    ['1M8GDM9AXKP042788', 'Motor Coach Industries', ['MCI'], 'US'],
  ])('%s → %s', (vin, manufacturer, makes, country) => {
    expect(maker(vin)).toMatchObject({ manufacturer, makes, country });
  });

  it('takes the longest prefix the table knows: a maker’s block, then a WMI, then a longer code', () => {
    expect(maker('JTDKB20U093100001')).toMatchObject({ code: 'JT', makes: ['Toyota'] });
    expect(maker('JTHBK1GGXE2100001')).toMatchObject({ code: 'JTH', makes: ['Lexus'] });
    expect(maker('KMTPC215P12345678')).toMatchObject({ code: 'KMT', makes: ['Komatsu'], vehicleClass: 'machinery' });
    expect(maker('KMTG34LA0KU100001')).toMatchObject({ code: 'KMTG', makes: ['Genesis'], vehicleClass: 'car' });
  });

  it('completes a WMI ending in 9 with positions 12–14 (small makers)', () => {
    expect(lookupWmi('VF9SC2C27BM795001')).toMatchObject({ wmi: 'VF9', smallManufacturer: true, smallManufacturerCode: '795', entry: { manufacturer: 'Bugatti Automobiles', code: 'VF9/795' } });
    expect(lookupWmi('YT9NN1U14KA007001').entry?.makes).toEqual(['Koenigsegg']);
    expect(lookupWmi('SA9AB12C5DE123456')).toEqual({ wmi: 'SA9', smallManufacturer: true, smallManufacturerCode: '123' });
    expect(lookupWmi('VF9')).toEqual({ wmi: 'VF9', smallManufacturer: true, smallManufacturerCode: undefined, entry: undefined });
  });

  it('flags trucks, machines and motorcycles by class', () => {
    expect(maker('XTC65115000000001')?.vehicleClass).toBe('truck');
    expect(maker('YV2A4C2A000000001')?.vehicleClass).toBe('truck');
    expect(maker('CAT0320DKBZX00001')?.vehicleClass).toBe('machinery');
    expect(maker('1HD1KEM13KB600001')?.vehicleClass).toBe('moto');
    expect(maker('WB10A010000000001')).toMatchObject({ makes: ['BMW Motorrad'], vehicleClass: 'moto' });
  });

  it('knows nothing of an unlisted WMI and says so', () => {
    expect(lookupWmi('AAA00000000000000')).toEqual({ wmi: 'AAA', smallManufacturer: false });
  });
});

describe('the WMI table', () => {
  const entries = [...wmiEntries()];

  it('has well-formed rows: codes of VIN characters, a country, at least one make', () => {
    expect(entries.length).toBeGreaterThan(250);
    for (const entry of entries) {
      expect(entry.code).toMatch(/^([A-HJ-NPR-Z0-9]{2,5}|[A-HJ-NPR-Z0-9]{2}9\/[A-HJ-NPR-Z0-9]{3})$/);
      if (!entry.code.includes('/')) expect(entry.code.charAt(2)).not.toBe('9');
      expect(entry.country).toMatch(/^[A-Z]{2}$/);
      expect(entry.manufacturer.trim()).not.toBe('');
      expect(entry.makes.every((make) => make.trim() !== '')).toBe(true);
    }
  });
});

describe('the country of the first two characters (ISO 3780)', () => {
  it.each([
    ['WV', 'europe', 'DE'],
    ['XT', 'europe', 'SU'],
    ['X9', 'europe', 'RU'],
    ['Z9', 'europe', 'RU'],
    ['ZF', 'europe', 'IT'],
    ['LV', 'asia', 'CN'],
    ['KM', 'asia', 'KR'],
    ['JT', 'asia', 'JP'],
    ['1M', 'northAmerica', 'US'],
    ['3V', 'northAmerica', 'MX'],
    ['7S', 'northAmerica', 'US'],
    ['9B', 'southAmerica', 'BR'],
    ['93', 'southAmerica', 'BR'],
  ])('%s → %s %s', (prefix, region, country) => {
    expect(originOf(`${prefix}0000000000000000`)).toEqual({ region, country });
  });

  it('gives the region alone for an unallocated range', () => {
    expect(originOf('GA000000000000000')).toEqual({ region: 'africa' });
    expect(originOf('0A000000000000000')).toBeUndefined();
  });
});
