import 'server-only';
import { asc, gte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads } from '@/db/schema';
import { isContactLead, CONTACT_PROMISE_MS, timeToContact } from './contact-promise';
import { wallClock, zonedInstant, type WorkingHours } from './working-hours';

export const SUMMARY_WEEKS = 8;
const DAY_MS = 86_400_000;

/** The calendar date of an instant in the desk's zone, `YYYY-MM-DD`. */
export function zonedDate(instant: number, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Midnight (desk zone) of the Monday of the week `weeksBack` weeks before the one holding `now`. */
function weekStart(now: number, weeksBack: number, timeZone: string): number {
  const { year, month, day } = wallClock(now, timeZone);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return zonedInstant(year, month, day - weekday - weeksBack * 7, 0, timeZone);
}

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface PromiseFigures {
  leads: number;
  /** Median working time to first contact of the contacted leads. */
  medianMs?: number;
  /** Contacted within 10 working minutes, among the leads decided either way (contacted, or waiting past 10). */
  withinShare?: number;
}

interface SummaryLead {
  id: string;
  kind: string;
  name: string;
  createdAt: Date;
  firstContactAt: Date | null;
}

function figures(rows: SummaryLead[], hours: WorkingHours, now: number): PromiseFigures {
  const contact = rows.filter((row) => isContactLead(row.kind)).map((row) => timeToContact(row, hours, now));
  const contacted = contact.filter((item) => !item.waiting).map((item) => item.ms);
  const decided = contact.filter((item) => !item.waiting || item.overdue);
  const within = decided.filter((item) => !item.waiting && item.ms <= CONTACT_PROMISE_MS).length;
  return { leads: rows.length, medianMs: median(contacted), withinShare: decided.length ? within / decided.length : undefined };
}

export interface DeskSummary {
  overall: PromiseFigures;
  /** Last 14 days, newest first: counts per kind. */
  days: Array<{ date: string; counts: Record<string, number>; total: number }>;
  weeks: Array<{ start: string } & PromiseFigures>;
  /** Still new after 10 working minutes, the longest waiting first. */
  waiting: Array<SummaryLead & { waitedMs: number }>;
}

/** The promise measured over the last SUMMARY_WEEKS weeks, in working hours. */
export async function deskSummary(db: Db, hours: WorkingHours, now = Date.now()): Promise<DeskSummary> {
  const { timeZone } = hours;
  const since = weekStart(now, SUMMARY_WEEKS - 1, timeZone);
  const rows: SummaryLead[] = await db
    .select({ id: leads.id, kind: leads.kind, name: leads.name, createdAt: leads.createdAt, firstContactAt: leads.firstContactAt })
    .from(leads)
    .where(gte(leads.createdAt, sql`${new Date(since).toISOString()}::timestamptz`))
    .orderBy(asc(leads.createdAt));

  const days = Array.from({ length: 14 }, (_, index) => zonedDate(now - index * DAY_MS, timeZone)).map((date) => ({ date, counts: {} as Record<string, number>, total: 0 }));
  const byDate = new Map(days.map((day) => [day.date, day]));
  for (const row of rows) {
    const day = byDate.get(zonedDate(row.createdAt.getTime(), timeZone));
    if (!day) continue;
    day.counts[row.kind] = (day.counts[row.kind] ?? 0) + 1;
    day.total += 1;
  }

  const weeks = Array.from({ length: SUMMARY_WEEKS }, (_, index) => weekStart(now, SUMMARY_WEEKS - 1 - index, timeZone)).map((start, index, starts) => {
    const end = starts[index + 1] ?? Infinity;
    const inWeek = rows.filter((row) => row.createdAt.getTime() >= start && row.createdAt.getTime() < end);
    return { start: zonedDate(start, timeZone), ...figures(inWeek, hours, now) };
  });

  const waiting = rows
    .map((row) => ({ row, contact: timeToContact(row, hours, now) }))
    .filter(({ contact }) => contact.overdue)
    .sort((a, b) => b.contact.ms - a.contact.ms)
    .slice(0, 20)
    .map(({ row, contact }) => ({ ...row, waitedMs: contact.ms }));

  return { overall: figures(rows, hours, now), days, weeks, waiting };
}
