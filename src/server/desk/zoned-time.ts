import 'server-only';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A zone's offset from UTC in ms, per quarter of an hour (zones change their offset only on a quarter hour). */
const offsets = new Map<string, number>();
const QUARTER = 15 * 60_000;

/** The zone's offset from UTC at a moment, in ms, asked of Intl once per zone and quarter hour. */
function offsetAt(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER);
  const id = `${timeZone}:${quarter}`;
  let offset = offsets.get(id);
  if (offset === undefined) {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
      formats.set(timeZone, format);
    }
    const at = quarter * QUARTER;
    const part = Object.fromEntries(format.formatToParts(new Date(at)).map(({ type, value }) => [type, Number(value)]));
    offset = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at;
    // An export of years of leads asks for thousands of quarters: the cache stays bounded.
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(id, offset);
  }
  return offset;
}

/**
 * A spreadsheet's date has no zone: the moment's wall clock in the zone, carried as the UTC fields
 * of a Date (what an xlsx writer turns into the serial number Excel shows).
 */
export function zonedWallClock(date: Date, timeZone: string): Date {
  return new Date(date.getTime() + offsetAt(date.getTime(), timeZone));
}

const two = (value: number) => String(value).padStart(2, '0');

/** A moment as the desk's clock shows it: `2026-03-02 00:30:00` (the zone is named in the column's header). */
export function zonedText(date: Date, timeZone: string): string {
  const wall = zonedWallClock(date, timeZone);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
