import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { staff, staffSessions, type Staff } from '@/db/schema';
import { hashPassword } from '../auth/passwords';
import { isUniqueViolation } from '../auth/users';

/** What each may do: src/server/desk/permissions.ts. */
export const STAFF_ROLES = ['admin', 'sales', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

export async function findStaffByEmail(db: Db, email: string): Promise<Staff | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<Staff | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** A new staff account (with the person's name, checked by the caller: staff-name.ts); `emailTaken` when the e-mail (any case) already has one. The password is checked by the caller. */
export async function createStaff(db: Db, email: string, role: StaffRole, password: string, displayName?: string): Promise<{ ok: true; id: string } | { ok: false; reason: 'emailTaken' }> {
  const passwordHash = await hashPassword(password);
  try {
    const [row] = await db
      .insert(staff)
      .values({ email: email.trim(), role, passwordHash, displayName: displayName || null })
      .returning({ id: staff.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'emailTaken' };
    throw error;
  }
}

export async function listStaff(db: Db): Promise<Staff[]> {
  return db.select().from(staff).orderBy(asc(sql`lower(${staff.email})`));
}

/** Whether any enabled admin exists (start-up creates the first one from the settings otherwise). */
export async function hasActiveAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.disabledAt)))
    .limit(1);
  return Boolean(row);
}

/** Ends every session of an account (disabled, or its password reset). */
async function revokeAllSessions(db: Db, staffId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

/** Disables (signing it out everywhere) or re-enables an account. */
export async function setStaffDisabled(db: Db, staffId: string, disabled: boolean): Promise<void> {
  await db
    .update(staff)
    .set({ disabledAt: disabled ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
  if (disabled) await revokeAllSessions(db, staffId);
}

/** An admin sets a new password and ends the account's sessions; `mustChange`: the member chooses their own at the next sign-in. */
export async function resetStaffPassword(db: Db, staffId: string, password: string, mustChange = false): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(staff).set({ passwordHash, mustChangePassword: mustChange, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
  await revokeAllSessions(db, staffId);
}

/** The member's own new password (the current one was checked): the must-change flag goes. */
export async function changeOwnPassword(db: Db, staffId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.update(staff).set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
}

/** The person's shown name (checked by the caller: staff-name.ts). */
export async function setStaffName(db: Db, staffId: string, displayName: string): Promise<void> {
  await db.update(staff).set({ displayName, updatedAt: sql`now()` }).where(eq(staff.id, staffId));
}
