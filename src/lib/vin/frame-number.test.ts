import { describe, expect, it } from 'vitest';
import { decodeVin } from './decode';
import { parseFrameNumber } from './frame-number';

describe('Japanese frame numbers', () => {
  it('reads model code and serial', () => {
    expect(parseFrameNumber('GX100-1234567')).toEqual({ text: 'GX100-1234567', modelCode: 'GX100', serial: '1234567' });
    expect(parseFrameNumber(' gdb - 012345 ')).toEqual({ text: 'GDB-012345', modelCode: 'GDB', serial: '012345' });
    expect(parseFrameNumber('JZX100-0012345')?.modelCode).toBe('JZX100');
  });

  it('is not confused with a VIN, nor with something that only has a dash', () => {
    expect(parseFrameNumber('WVW-ZZZ1JZ3W386752')).toBeUndefined();
    expect(parseFrameNumber('GX100-12')).toBeUndefined();
    expect(parseFrameNumber('100-1234567')).toBeUndefined();
    expect(parseFrameNumber('GX100 1234567')).toBeUndefined();
    expect(parseFrameNumber('X'.repeat(10_000))).toBeUndefined();
  });

  it('is what the decoder answers for one, while a dashed VIN stays a VIN', () => {
    expect(decodeVin('GX100-1234567')).toEqual({ kind: 'frame', frame: { text: 'GX100-1234567', modelCode: 'GX100', serial: '1234567' } });
    expect(decodeVin('WVW-ZZZ-1JZ-3W-386752').kind).toBe('vin');
  });
});
