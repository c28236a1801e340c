import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from './phone-pattern';

/** As the HTML standard compiles a `pattern` attribute (the whole value, `v` flag). */
const compiled = (flags: string) => new RegExp(`^(?:${PHONE_PATTERN})$`, flags);

describe('PHONE_PATTERN', () => {
  it('compiles under the v flag browsers use for pattern, and under u', () => {
    expect(() => compiled('v')).not.toThrow();
    expect(() => compiled('u')).not.toThrow();
  });

  it.each(['+7 912 345-67-89', '8 (912) 345.67.89', '+49 30 1234567', '123456'])('takes %s', (phone) => {
    expect(compiled('v').test(phone)).toBe(true);
  });

  it.each(['12345', 'call me', '+7 912 345 67 89 ext', '1'.repeat(41)])('refuses %s', (phone) => {
    expect(compiled('v').test(phone)).toBe(false);
  });
});
