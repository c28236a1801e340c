import { describe, expect, it } from 'vitest';
import { orderResultOf, orderResultSegment, orderResultVariants } from './site-pages.mjs';

describe('order result variants', () => {
  it('maps each query value to its variant segment and back', () => {
    expect(orderResultSegment('sent')).toBe('order-sent');
    expect(orderResultSegment('invalid')).toBe('order-invalid');
    expect(orderResultOf('order-sent')).toBe('sent');
    expect(orderResultOf('order-invalid')).toBe('invalid');
  });

  it('reads every pre-rendered variant, and gives each back as its own segment', () => {
    for (const variant of orderResultVariants) {
      const result = orderResultOf(variant);
      expect(result).toBeDefined();
      expect(orderResultSegment(result)).toBe(variant);
    }
  });

  it.each([undefined, null, '', 'sent', 'order-', 'order-other', 'order-sent/', 'ORDER-SENT', 'xorder-sent', 'order-constructor'])(
    'is nothing for %j',
    (segment) => {
      expect(orderResultOf(segment)).toBeUndefined();
    },
  );

  it.each([null, '', 'other', 'order-sent', 'toString'])('has no segment for the query value %j', (order) => {
    expect(orderResultSegment(order)).toBeUndefined();
  });
});
