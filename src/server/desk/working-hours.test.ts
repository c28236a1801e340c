import { describe, expect, it } from 'vitest';
import { parseWorkingHours, workingMinutesBetween, workingMsBetween, zonedInstant } from './working-hours';

const moscow = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
/** An instant given as Moscow wall time (UTC+3 all year). */
const msk = (iso: string) => new Date(`${iso}+03:00`);

describe('working hours', () => {
  it('parse days, times and the zone, and refuse nonsense', () => {
    expect([...moscow.days].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(moscow.openMinute).toBe(540);
    expect(moscow.closeMinute).toBe(1080);
    expect([...parseWorkingHours('Sat-Mon 10:00-14:30 UTC').days].sort()).toEqual([0, 1, 6]);
    expect([...parseWorkingHours('Mon,Wed 08:00-20:00 Asia/Vladivostok').days].sort()).toEqual([1, 3]);
    for (const bad of ['', 'Mon-Fri 18:00-09:00 Europe/Moscow', 'Mon-Fri 09:00-18:00 Mars/Base', 'Funday 09:00-18:00 UTC', 'Mon-Fri 9-18 UTC', 'Mon-Fri 09:00-25:00 UTC']) {
      expect(() => parseWorkingHours(bad), bad).toThrow();
    }
  });

  it('count a lead within one working day as plain time', () => {
    expect(workingMinutesBetween(msk('2026-03-04T10:00:00'), msk('2026-03-04T10:07:30'), moscow)).toBe(7);
  });

  it('carry a lead at 17:58 on Friday over the weekend: two minutes then Monday morning', () => {
    expect(workingMinutesBetween(msk('2026-03-06T17:58:00'), msk('2026-03-09T09:03:00'), moscow)).toBe(5);
    // And on a weekday evening, over the night.
    expect(workingMinutesBetween(msk('2026-03-04T17:58:00'), msk('2026-03-05T09:08:00'), moscow)).toBe(10);
  });

  it('count nothing for a lead at the weekend answered before Monday opens', () => {
    expect(workingMsBetween(msk('2026-03-07T12:00:00'), msk('2026-03-09T08:59:00'), moscow)).toBe(0);
    expect(workingMinutesBetween(msk('2026-03-07T12:00:00'), msk('2026-03-09T09:10:00'), moscow)).toBe(10);
  });

  it('count a night lead from the opening', () => {
    expect(workingMinutesBetween(msk('2026-03-04T03:00:00'), msk('2026-03-04T09:09:59'), moscow)).toBe(9);
  });

  it('add up whole weeks: 45 working hours a week', () => {
    expect(workingMinutesBetween(msk('2026-03-02T00:00:00'), msk('2026-03-16T00:00:00'), moscow)).toBe(2 * 45 * 60);
  });

  it('follow the zone of the setting, not the server: the same instant is evening in Vladivostok', () => {
    const vladivostok = parseWorkingHours('Mon-Fri 09:00-18:00 Asia/Vladivostok');
    // 10:00 in Moscow is 17:00 in Vladivostok (UTC+10): an hour left there.
    const from = msk('2026-03-04T10:00:00');
    const to = msk('2026-03-04T12:00:00');
    expect(workingMinutesBetween(from, to, moscow)).toBe(120);
    expect(workingMinutesBetween(from, to, vladivostok)).toBe(60);
  });

  it('keep the wall clock across a daylight-saving change', () => {
    const berlin = parseWorkingHours('Mon-Sun 09:00-18:00 Europe/Berlin');
    // Sunday 29 March 2026 the clocks go forward at 02:00; 09:00 is then UTC+2.
    expect(new Date(zonedInstant(2026, 3, 29, 9 * 60, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(new Date(zonedInstant(2026, 3, 28, 9 * 60, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    // Saturday 17:00 to Sunday 10:00: one hour on each day.
    expect(workingMinutesBetween(new Date('2026-03-28T16:00:00Z'), new Date('2026-03-29T08:00:00Z'), berlin)).toBe(120);
  });

  it('answer zero for an empty or reversed span', () => {
    const at = msk('2026-03-04T10:00:00');
    expect(workingMsBetween(at, at, moscow)).toBe(0);
    expect(workingMsBetween(at, new Date(at.getTime() - 60_000), moscow)).toBe(0);
  });
});
