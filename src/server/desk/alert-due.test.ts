import { describe, expect, it } from 'vitest';
import { dueWaitStep, minutesLeft, waitDueAt } from './alert-due';
import { addWorkingMs, parseWorkingHours, workingMsBetween } from './working-hours';

const moscow = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
/** An instant given as Moscow wall time (UTC+3 all year). */
const msk = (iso: string) => new Date(`${iso}+03:00`);
const MINUTE = 60_000;
const lead = (createdAt: Date, fields: { kind?: string; status?: string } = {}) => ({ kind: 'btn_buy', status: 'new', createdAt, ...fields });

describe('when a waiting lead reminds (working minutes)', () => {
  it('adds working time as the inverse of counting it', () => {
    const from = msk('2026-03-04T10:00:00');
    expect(addWorkingMs(from, 7 * MINUTE, moscow)).toBe(msk('2026-03-04T10:07:00').getTime());
    for (const ms of [0, 1, 7 * MINUTE, 9 * 3_600_000, 50 * 3_600_000]) expect(workingMsBetween(from, addWorkingMs(from, ms, moscow)!, moscow)).toBe(ms);
  });

  it('escalates a lead of 17:58 on Friday at 09:05 on Monday, and breaks the promise at 09:08', () => {
    const due = waitDueAt(lead(msk('2026-03-06T17:58:00')), moscow, 7);
    expect(due.escalate).toBe(msk('2026-03-09T09:05:00').getTime());
    expect(due.promise).toBe(msk('2026-03-09T09:08:00').getTime());
    const friday = lead(msk('2026-03-06T17:58:00'));
    // Saturday noon: two working minutes waited, nothing due all weekend.
    expect(dueWaitStep(friday, msk('2026-03-07T12:00:00').getTime(), moscow, 7)).toBeUndefined();
    expect(dueWaitStep(friday, msk('2026-03-09T09:04:59').getTime(), moscow, 7)).toBeUndefined();
    expect(dueWaitStep(friday, msk('2026-03-09T09:05:00').getTime(), moscow, 7)).toEqual({ step: 'escalate', waitedMs: 7 * MINUTE });
    expect(dueWaitStep(friday, msk('2026-03-09T09:08:00').getTime(), moscow, 7)).toEqual({ step: 'promise', waitedMs: 10 * MINUTE });
  });

  it('counts a night lead from the opening', () => {
    const night = lead(msk('2026-03-04T03:00:00'));
    expect(waitDueAt(night, moscow, 7).escalate).toBe(msk('2026-03-04T09:07:00').getTime());
    expect(dueWaitStep(night, msk('2026-03-04T08:59:00').getTime(), moscow, 7)).toBeUndefined();
    // Over a weekday night: 17:57 waits three minutes that evening, four more the next morning.
    expect(waitDueAt(lead(msk('2026-03-04T17:57:00')), moscow, 7).escalate).toBe(msk('2026-03-05T09:04:00').getTime());
  });

  it('says how many minutes of the promise are left', () => {
    expect(minutesLeft(7 * MINUTE)).toBe(3);
    expect(minutesLeft(7 * MINUTE + 1)).toBe(3);
    expect(minutesLeft(9.5 * MINUTE)).toBe(1);
    expect(minutesLeft(11 * MINUTE)).toBe(0);
  });

  it('takes fractions of a minute (a fast test) and 0 as off', () => {
    const from = msk('2026-03-04T10:00:00');
    expect(dueWaitStep(lead(from), from.getTime() + 2_000, moscow, 0.05)).toBeUndefined();
    expect(dueWaitStep(lead(from), from.getTime() + 3_000, moscow, 0.05)?.step).toBe('escalate');
    expect(dueWaitStep(lead(from), from.getTime() + 9 * MINUTE, moscow, 0)).toBeUndefined();
    expect(waitDueAt(lead(from), moscow, 0)).toEqual({});
  });

  it('reminds of nothing for a registration, a lead already worked, or one an hour past its step', () => {
    const from = msk('2026-03-04T10:00:00');
    const at = msk('2026-03-04T10:08:00').getTime();
    expect(dueWaitStep(lead(from, { kind: 'registration' }), at, moscow, 7)).toBeUndefined();
    expect(dueWaitStep(lead(from, { status: 'in_progress' }), at, moscow, 7)).toBeUndefined();
    expect(dueWaitStep(lead(from), msk('2026-03-04T11:09:59').getTime(), moscow, 7)?.step).toBe('promise');
    expect(dueWaitStep(lead(from), msk('2026-03-04T11:10:00').getTime(), moscow, 7)).toBeUndefined();
  });
});
