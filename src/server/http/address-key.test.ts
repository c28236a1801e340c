import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the key a client address is limited under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::9', '2001:db8:1:2::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (address, key) => expect(addressKey(address)).toBe(key));

  it('puts every address of one /64 under one key, and neighbouring /64s apart', () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect(keys).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(addressKey('2001:db8:aa:bc::1')).not.toBe(addressKey('2001:db8:aa:bb::1'));
  });
});
