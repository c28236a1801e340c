import { describe, expect, it } from 'vitest';
import { currentTisPrices } from '@/content/tis-prices';
import { coverageOf } from './coverage';
import { decodeVin } from './decode';

const coverage = (input: string) => coverageOf(decodeVin(input));

describe('which of our products covers the vehicle', () => {
  it('offers VAG, then EPC FULL, for the makes of the VAG catalogue, with the VAG TIS row', () => {
    for (const vin of ['WVWZZZ1JZ3W386752', 'WAUZZZ8K0DA000001', 'TMBJJ7NE0J0000001', 'VSSZZZ5FZ00000001']) {
      expect(coverage(vin)).toMatchObject({ plans: ['vag', 'epc'], tis: { id: 'vag' } });
    }
  });

  it('offers EPC FULL for the group’s other makes and every other car', () => {
    expect(coverage('WP0ZZZ99ZTS000001')).toEqual({ plans: ['epc'] });
    expect(coverage('XTA21214011580133')).toMatchObject({ plans: ['epc'], tis: { id: 'lada' } });
    expect(coverage('JTHBK1GGXE2100001')).toMatchObject({ plans: ['epc'], tis: { id: 'toyota-lexus' } });
    expect(coverage('KMHDN41BX6U123456')?.tis?.id).toBe('hyundai-kia');
    expect(coverage('WMWXP31000T000001')?.tis?.id).toBe('bmw-mini');
    expect(coverage('UU1HSDAG500000001')?.tis?.id).toBe('renault-dacia');
    expect(coverage('XTT31514000000001')?.tis?.id).toBe('uaz');
    expect(coverage('LVSHFFAL5CF100001')?.tis?.id).toBe('ford');
  });

  it('takes the monthly prices from the TIS list itself', () => {
    const row = currentTisPrices.find((price) => price.brand.startsWith('Hyundai'));
    expect(coverage('KMHDN41BX6U123456')?.tis).toMatchObject({ rubPerMonth: row?.rubPerMonth, eurPerMonth: row?.eurPerMonth });
  });

  it('offers special machinery for trucks and machines and motorcycles for bikes, without a TIS row', () => {
    expect(coverage('XTC65115000000001')).toEqual({ plans: ['spec'] });
    expect(coverage('YV2A4C2A000000001')).toEqual({ plans: ['spec'] });
    expect(coverage('CAT0320DKBZX00001')).toEqual({ plans: ['spec'] });
    expect(coverage('1HD1KEM13KB600001')).toEqual({ plans: ['moto'] });
    expect(coverage('WB10A010000000001')).toEqual({ plans: ['moto'] });
  });

  it('offers EPC FULL for a frame number and an unknown maker, nothing for invalid input', () => {
    expect(coverage('GX100-1234567')).toEqual({ plans: ['epc'] });
    expect(coverage('AAA00000000000000')).toEqual({ plans: ['epc'] });
    expect(coverage('WVW')).toBeUndefined();
  });
});
