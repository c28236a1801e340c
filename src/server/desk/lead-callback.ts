import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadEvents, leads, type Staff } from '@/db/schema';
import type { WorkingHours } from './working-hours';
import { wallClock, zonedInstant } from './working-hours';

/** A `datetime-local` value (`2026-03-04T10:30`) read as the desk's wall clock; undefined when it is not one. */
export function parseDeskLocal(value: unknown, hours: WorkingHours): Date | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const instant = zonedInstant(year, month, day, hour * 60 + minute, hours.timeZone);
  // 31 February and a time the clocks skip over come back as another wall time: not accepted.
  const back = wallClock(instant, hours.timeZone);
  if (back.year !== year || back.month !== month || back.day !== day || back.hour !== hour || back.minute !== minute) return undefined;
  return new Date(instant);
}

/** An instant as a `datetime-local` value on the desk's wall clock. */
export function deskLocalValue(instant: Date, hours: WorkingHours): string {
  const wall = wallClock(instant.getTime(), hours.timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/**
 * Sets (or with null clears) the lead's call-back time and records it in its history (action
 * `callback`, the time as ISO text in the note). At that time the lead returns to the top of its
 * owner's attention with a reminder (src/server/desk/lead-alerts.ts). False when the lead is gone.
 */
export async function setLeadCallback(db: Db, leadId: string, actor: Staff, at: Date | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(leads)
      .set({ callbackAt: at ? sql`${at.toISOString()}::timestamptz` : null })
      .where(eq(leads.id, leadId))
      .returning({ id: leads.id });
    if (!updated.length) return false;
    await tx.insert(leadEvents).values({ leadId, staffId: actor.id, staffEmail: actor.email, action: 'callback', note: at ? at.toISOString() : null });
    return true;
  });
}
