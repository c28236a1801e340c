import 'server-only';
import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { staff } from '@/db/schema';

/** Long enough for a full name in either alphabet, short enough for a column of the list. */
export const STAFF_NAME_MAX = 80;

export type StaffNameProblem = 'nameRequired' | 'nameTooLong' | 'nameInvalid';

/** What a person is shown as: their name, else their e-mail. */
export const staffName = (member: { displayName?: string | null; email: string }): string => member.displayName?.trim() || member.email;

/** A name as it is stored: NFC, no space at the ends, one space between words. */
export const normaliseStaffName = (value: string): string => value.normalize('NFC').replace(/\s+/gu, ' ').trim();

/**
 * Why a name (already normalised) will not do: empty, longer than STAFF_NAME_MAX characters, or
 * holding a control or format character (a direction override or a zero-width one would disguise
 * whose entry a history line is).
 */
export function staffNameProblem(name: string): StaffNameProblem | undefined {
  if (!name) return 'nameRequired';
  if ([...name].length > STAFF_NAME_MAX) return 'nameTooLong';
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u.test(name)) return 'nameInvalid';
  return undefined;
}

/** The shown names of some staff by id (the e-mail of those without a name); ids of deleted accounts are absent. */
export async function staffNames(db: Db, ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)))];
  const names = new Map<string, string>();
  if (!wanted.length) return names;
  for (const row of await db.select({ id: staff.id, email: staff.email, displayName: staff.displayName }).from(staff).where(inArray(staff.id, wanted))) names.set(row.id, staffName(row));
  return names;
}
