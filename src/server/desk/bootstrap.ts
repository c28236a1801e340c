import 'server-only';
import type { Db } from '@/db/client';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { createStaff, findStaffByEmail, hasActiveAdmin } from './staff';

/**
 * At start: when DESK_ADMIN_EMAIL/DESK_ADMIN_PASSWORD are set and no enabled admin exists, the
 * first admin is created with that password (its strength was checked with the settings, so a
 * weak one already stopped the start). An existing account of that e-mail is left as it is.
 */
export async function ensureDeskAdmin(db: Db): Promise<'created' | 'exists' | 'unset'> {
  const { DESK_ADMIN_EMAIL: email, DESK_ADMIN_PASSWORD: password } = getEnv();
  if (!email || !password) return 'unset';
  if ((await hasActiveAdmin(db)) || (await findStaffByEmail(db, email))) return 'exists';
  const created = await createStaff(db, email, 'admin', password);
  if (created.ok) getLogger().info('sales desk: first admin created from DESK_ADMIN_EMAIL');
  return created.ok ? 'created' : 'exists';
}
