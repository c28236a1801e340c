import { describe, expect, it } from 'vitest';
import { median, zonedDate } from './summary';

describe('summary arithmetic', () => {
  it('takes the median of odd and even lists, none of an empty one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it('dates an instant in the desk zone, not UTC', () => {
    // 22:30 UTC on 4 March is already 5 March in Moscow.
    expect(zonedDate(Date.parse('2026-03-04T22:30:00Z'), 'Europe/Moscow')).toBe('2026-03-05');
    expect(zonedDate(Date.parse('2026-03-04T22:30:00Z'), 'UTC')).toBe('2026-03-04');
  });
});
