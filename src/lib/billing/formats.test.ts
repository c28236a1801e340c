import { describe, expect, it } from 'vitest';
import { dayText, kopecksText, momentDayText, roublesText } from './formats';

/** Intl writes a no-break space (narrow in some places) between groups and before ₽. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('invoice formats', () => {
  it('writes kopecks and the API’s roubles with two decimals in each language', () => {
    expect(plain(kopecksText(4290000, 'ru'))).toBe('42 900,00 ₽');
    expect(plain(roublesText('7736.07', 'ru'))).toBe('7 736,07 ₽');
    expect(plain(roublesText('42900.00', 'en'))).toBe('RUB 42,900.00');
    expect(roublesText('n/a', 'en')).toBe('n/a');
  });

  it('writes a calendar date as that day, whatever the time zone', () => {
    expect(dayText('2026-12-02', 'ru')).toBe('2 декабря 2026 г.');
    expect(dayText('2026-01-01', 'en')).toBe('January 1, 2026');
    expect(dayText('tomorrow', 'en')).toBe('tomorrow');
    // 22:30 in UTC is the next day in Moscow, where the invoices' calendar is.
    expect(momentDayText('2026-11-27T22:30:00.000Z', 'ru')).toBe('28 ноября 2026 г.');
  });
});
