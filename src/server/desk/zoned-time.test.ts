import { describe, expect, it } from 'vitest';
import { zonedText, zonedWallClock } from './zoned-time';

/** One formatter per zone: making one costs far more than using it, and the test uses each 10,000 times. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string) =>
  formatters.get(timeZone) ??
  formatters.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })).get(timeZone)!;

/** The same moment as Intl writes it in the zone, field by field. */
function byIntl(date: Date, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

describe('the desk clock', () => {
  it('writes a moment as the zone’s wall clock, across daylight-saving changes and half-hour zones', () => {
    const zones = ['Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
    // Every 7 minutes 13 seconds through 2026, so every change of offset is crossed.
    for (const timeZone of zones) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 433_000 * 7) {
        const date = new Date(ms + 517);
        expect(zonedText(date, timeZone), `${timeZone} ${date.toISOString()}`).toBe(byIntl(date, timeZone));
      }
    }
  });

  it('keeps the milliseconds in the wall clock a spreadsheet reads', () => {
    const wall = zonedWallClock(new Date('2026-03-01T21:30:00.250Z'), 'Europe/Moscow');
    expect(wall.toISOString()).toBe('2026-03-02T00:30:00.250Z');
  });
});
