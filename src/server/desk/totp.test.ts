import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, timeStep } from './totp';

/** RFC 6238 appendix B's SHA-1 secret: the ASCII of "12345678901234567890". */
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('round-trips base32', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET).toString()).toBe('12345678901234567890');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('gives the RFC 6238 code at %i s', (seconds, code) => {
    // The RFC lists 8 digits; apps show the last 6.
    expect(totpCode(RFC_SECRET, timeStep(seconds * 1000))).toBe(code);
  });

  it('accepts one step of drift, refuses other codes and a code already used', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), null, now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), null, now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), null, now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step), step, now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, 'abcdef', null, now)).toBeUndefined();
    expect(otpauthUri('EpcSu', 'a@b.example', RFC_SECRET)).toBe(`otpauth://totp/EpcSu%3Aa%40b.example?secret=${RFC_SECRET}&issuer=EpcSu&algorithm=SHA1&digits=6&period=30`);
  });
});
