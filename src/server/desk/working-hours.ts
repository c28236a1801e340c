import 'server-only';

/**
 * Working hours of the sales team (`DESK_WORKING_HOURS`, e.g. `Mon-Fri 09:00-18:00 Europe/Moscow`)
 * and the arithmetic of time counted only inside them: a lead at 17:58 on a Friday that is called
 * at 09:03 on Monday waited five working minutes.
 */
export interface WorkingHours {
  /** Weekdays, 0 = Sunday … 6 = Saturday. */
  days: ReadonlySet<number>;
  openMinute: number;
  closeMinute: number;
  timeZone: string;
}


const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MINUTE = 60_000;
/** A lead older than this many days is counted from there: the loop below stays short. */
const MAX_DAYS = 3660;

function dayIndex(name: string): number {
  const index = DAY_NAMES.indexOf(name.toLowerCase().slice(0, 3));
  if (index < 0 || name.length < 3) throw new Error(`unknown weekday "${name}"`);
  return index;
}

function parseDays(text: string): Set<number> {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [first, last] = part.split('-');
    const from = dayIndex(first!);
    const to = last === undefined ? from : dayIndex(last);
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return days;
}

function parseClock(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!match || Number(match[2]) > 59 || minutes > 24 * 60) throw new Error(`bad time "${text}" (HH:MM)`);
  return minutes;
}

/** Parses `<days> <HH:MM>-<HH:MM> <IANA zone>`; days as `Mon-Fri` or `Mon,Wed,Sat-Sun`. Throws with the reason. */
export function parseWorkingHours(text: string): WorkingHours {
  const match = /^\s*(\S+)\s+(\d{1,2}:\d{2})-(\d{1,2}:\d{2})\s+(\S+)\s*$/.exec(text);
  if (!match) throw new Error('expected "<days> <HH:MM>-<HH:MM> <time zone>", e.g. "Mon-Fri 09:00-18:00 Europe/Moscow"');
  const [, days, open, close, timeZone] = match;
  const openMinute = parseClock(open!);
  const closeMinute = parseClock(close!);
  if (closeMinute <= openMinute) throw new Error('the day must close after it opens');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`unknown time zone "${timeZone}"`);
  }
  return { days: parseDays(days!), openMinute, closeMinute, timeZone: timeZone! };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock of an instant in a zone. */
export function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's clock is ahead of UTC at an instant (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the zone's clock shows this date and minute of the day (DST-aware). */
export function zonedInstant(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** Milliseconds between two instants that fall inside working hours. */
export function workingMsBetween(from: Date | number, to: Date | number, hours: WorkingHours): number {
  const start = Number(from);
  const end = Number(to);
  if (!(end > start)) return 0;
  const first = wallClock(start, hours.timeZone);
  let total = 0;
  for (let offset = 0; offset < MAX_DAYS; offset += 1) {
    // Calendar arithmetic in UTC: the date only, whatever the zone does to the clock.
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (zonedInstant(year, month, day, 0, hours.timeZone) >= end) break;
    if (!hours.days.has(date.getUTCDay())) continue;
    const open = zonedInstant(year, month, day, hours.openMinute, hours.timeZone);
    const close = zonedInstant(year, month, day, hours.closeMinute, hours.timeZone);
    total += Math.max(0, Math.min(close, end) - Math.max(open, start));
  }
  return total;
}

/** Working minutes between two instants (whole minutes, rounded down). */
export const workingMinutesBetween = (from: Date | number, to: Date | number, hours: WorkingHours) =>
  Math.floor(workingMsBetween(from, to, hours) / MINUTE);

/**
 * The instant at which `ms` of working time have passed since `from` (the inverse of
 * workingMsBetween): a lead at 17:58 on a Friday, with hours Mon–Fri 09–18, has waited seven
 * working minutes at 09:05 on Monday. Undefined when the hours never open within MAX_DAYS.
 */
export function addWorkingMs(from: Date | number, ms: number, hours: WorkingHours): number | undefined {
  const start = Number(from);
  const first = wallClock(start, hours.timeZone);
  let left = Math.max(0, ms);
  for (let offset = 0; offset < MAX_DAYS; offset += 1) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + offset));
    if (!hours.days.has(date.getUTCDay())) continue;
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const open = Math.max(start, zonedInstant(year, month, day, hours.openMinute, hours.timeZone));
    const close = zonedInstant(year, month, day, hours.closeMinute, hours.timeZone);
    if (close <= open) continue;
    if (close - open >= left) return open + left;
    left -= close - open;
  }
  return undefined;
}
