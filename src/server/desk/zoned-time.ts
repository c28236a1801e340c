import 'server-only';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of a moment in a time zone: year, month (1–12), day, hour (0–23), minute, second. */
function zonedParts(date: Date, timeZone: string): [number, number, number, number, number, number] {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, Number(value)]));
  return [part.year!, part.month!, part.day!, part.hour!, part.minute!, part.second!];
}

const two = (value: number) => String(value).padStart(2, '0');

/** A moment as the desk's clock shows it: `2026-03-02 00:30:00` (the zone is named in the column's header). */
export function zonedText(date: Date, timeZone: string): string {
  const [year, month, day, hour, minute, second] = zonedParts(date, timeZone);
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

/**
 * A spreadsheet's date has no zone: the moment's wall clock in the zone, carried as the UTC fields
 * of a Date (what an xlsx writer turns into the serial number Excel shows).
 */
export function zonedWallClock(date: Date, timeZone: string): Date {
  const [year, month, day, hour, minute, second] = zonedParts(date, timeZone);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, date.getUTCMilliseconds()));
}
