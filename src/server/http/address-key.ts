import 'server-only';
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, `::` expanded (undefined if it is not one). */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.split('%')[0] ?? '';
  // A trailing IPv4 part (::ffff:1.2.3.4) as two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = text.slice(0, -v4.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a client address is counted under by the per-address limits: an IPv4 address as it is,
 * an IPv6 address by its /64 (one subscriber usually holds a whole /64 and can pick any address in
 * it, so counting single addresses would let one client take 2^64 fresh budgets), an IPv4-mapped
 * IPv6 address as its IPv4.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
