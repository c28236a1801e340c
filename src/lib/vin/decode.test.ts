import { describe, expect, it } from 'vitest';
import { decodeVin, vinForLead } from './decode';

describe('decoding a VIN', () => {
  it('puts the parts together for the 49 CFR 565 example', () => {
    expect(decodeVin('1M8GDM9AXKP042788', { maxYear: 2027 })).toEqual({
      kind: 'vin',
      vin: '1M8GDM9AXKP042788',
      valid: true,
      issues: [],
      sections: { wmi: '1M8', vds: 'GDM9AX', vis: 'KP042788' },
      manufacturer: { wmi: '1M8', smallManufacturer: false, entry: { code: '1M8', manufacturer: 'Motor Coach Industries', makes: ['MCI'], country: 'US', vehicleClass: 'truck' } },
      origin: { region: 'northAmerica', country: 'US' },
      checkDigit: { verdict: 'correct', actual: 'X', expected: 'X', required: true },
      // A bus: the position-7 rule is for light vehicles, so both cycles remain.
      modelYear: { code: 'K', years: [1989, 2019], rule: 'cycle' },
      plant: 'P',
      serial: '042788',
    });
  });

  it('makes a wrong check digit an error in North America and China, a note elsewhere', () => {
    const american = decodeVin('1M8GDM9A5KP042788');
    expect(american).toMatchObject({ kind: 'vin', valid: false, issues: [{ code: 'checkDigit', position: 9, actual: '5', expected: 'X' }] });
    expect(decodeVin('LVSHFFAL0CF100001')).toMatchObject({ valid: false, checkDigit: { verdict: 'wrong', expected: '5' } });
    expect(decodeVin('LVSHFFAL5CF100001')).toMatchObject({ valid: true, checkDigit: { verdict: 'correct' } });
    expect(decodeVin('KMHDN41B36U123456')).toMatchObject({ valid: true, issues: [], checkDigit: { verdict: 'wrong', required: false, expected: 'X' } });
    expect(decodeVin('KMHDN41BP6U123456')).toMatchObject({ valid: true, checkDigit: { verdict: 'notUsed' } });
  });

  it('reads a European VIN whose position 9 and 10 carry no check digit or year code', () => {
    expect(decodeVin('WVWZZZ1JZ3W386752', { maxYear: 2027 })).toMatchObject({
      valid: true,
      origin: { region: 'europe', country: 'DE' },
      checkDigit: { verdict: 'notUsed' },
      modelYear: { code: '3', years: [2003], rule: 'cycle' },
    });
    expect(decodeVin('XW8ZZZ61ZZG000001')).toMatchObject({ valid: true, modelYear: { code: 'Z', years: [], rule: 'notEncoded' } });
  });

  it('keeps positions 12–14 out of a small maker’s serial', () => {
    expect(decodeVin('VF9SC2C27BM795001')).toMatchObject({ plant: 'M', serial: '001', manufacturer: { smallManufacturerCode: '795' } });
  });

  it('lists the issues of input that is not a VIN', () => {
    expect(decodeVin('WVW')).toEqual({ kind: 'invalid', issues: [{ code: 'length', length: 3 }] });
  });

  it('gives the value a lead stores: a valid VIN or a frame number, normalised', () => {
    expect(vinForLead(' wvwzzz1jz3w386752 ')).toBe('WVWZZZ1JZ3W386752');
    expect(vinForLead('gx100-1234567')).toBe('GX100-1234567');
    expect(vinForLead('1M8GDM9A5KP042788')).toBeUndefined();
    expect(vinForLead('ХТА21214011580133')).toBeUndefined();
  });
});

describe('decoding speed', () => {
  it('decodes in well under 5 ms at the 99th percentile (10 000 decodes)', () => {
    const inputs = ['1M8GDM9AXKP042788', 'wvw zzz 1jz 3w386752', 'XTA21214011580133', 'VF9SC2C27BM795001', 'GX100-1234567', 'ХТА21214011580133', 'A'.repeat(10_240)];
    const times: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const input = inputs[i % inputs.length] ?? '';
      const started = performance.now();
      decodeVin(input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)] ?? Infinity;
    console.info(`VIN decode: p50 ${(times[5000] ?? 0).toFixed(4)} ms, p99 ${p99.toFixed(4)} ms over 10 000 decodes`);
    expect(p99).toBeLessThan(5);
  });
});
